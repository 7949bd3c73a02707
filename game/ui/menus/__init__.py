"""The menus: the start screen, a new match, the names, the saved matches and the settings."""
