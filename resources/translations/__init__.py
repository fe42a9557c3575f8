"""Generic translations of the engine's own words (engine.i18n): engine_<lang>.toml."""
