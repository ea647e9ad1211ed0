"""Pure scoring maths: no I/O, no framework imports."""
