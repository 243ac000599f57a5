"""Building blocks of scripts/build_wordlists.py: sources, selection and pack files."""
