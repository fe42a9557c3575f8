"""Line of sight by subject; geometry.los states the rules and gathers the public names."""
