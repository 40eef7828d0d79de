"""Studies: simulations, the Ray backend, balance comparisons and tampered inputs."""
