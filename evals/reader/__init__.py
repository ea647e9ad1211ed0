"""Train and export the learned role reader (D36) the product loads: `task train:reader`."""
