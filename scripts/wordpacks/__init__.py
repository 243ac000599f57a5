"""Building blocks of scripts/build_wordlists.py: sources, letters, selection and pack files."""
