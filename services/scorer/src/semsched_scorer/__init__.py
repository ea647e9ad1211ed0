"""semsched scorer: materialises per-pod node scores with a per-intent explanation."""
