"""Train and export the learned reader (D36) the product loads: `task train:reader`."""
