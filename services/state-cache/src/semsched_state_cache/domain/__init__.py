"""Pure state: the hybrid view of API state and tentative placements."""
