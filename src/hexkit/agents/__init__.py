"""Agents: anything that picks an action from a view and the legal actions."""

from hexkit.agents.base import Agent, RandomAgent

__all__ = ["Agent", "RandomAgent"]
