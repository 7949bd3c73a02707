"""The shared widgets, card art and the scene stack every screen is built on."""
