"""semsched evaluations: quality and latency figures, printed and written to docs/."""
