"""The table screen and its parts: the view, the animator, the controls, the modes, the panels over it."""
