"""Pond Companion's pure core: game rules, scoring, sessions and storage.

Nothing in this package imports vision, hardware, ui, kivy, cv2 or gpiozero.
"""

__version__ = "0.1.0"
