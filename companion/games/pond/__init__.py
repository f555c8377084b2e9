"""Pond (2025): the rules engine (API documented below once the engine lands)."""
