"""Tournament events: setting one up, its board, its standings and its prizes."""
