"""Discord glue: one cog for the game commands, and how results become messages."""
