"""Reference encoders: the observation encoders before they were made incremental."""
