"""Shared by the protocol tests: what a typed line does to a copy of a game."""
from companion.speech import SaidError


def accepted(engine, line):
    """The action `line` names if the rules take it now (tried on a copy), else None. Every refusal is
    a SaidError: the protocol's RuleError, or an older engine's own wording of one."""
    trial = engine.clone()
    try:
        action = trial.parse(line)
        trial.apply(action)
    except SaidError:
        return None
    return action
