"""File formats of pokerroom: :mod:`pokerroom.formats.phh` reads and writes PHH hand histories."""
