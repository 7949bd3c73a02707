"""The pygame front end: scenes, widgets and the card art they draw with."""
