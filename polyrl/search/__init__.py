"""polyrl.search: using the trained policy, and budgeted search.

`Policy` (polyrl.search.policy) loads a `polyrl train` checkpoint and chooses a complete
schedule for a program, greedily or by sampling, without compiling anything. The searches
(polyrl.search.measured) measure up to N candidate schedules, from the policy or drawn at
random, and keep the fastest verified one. Training is polyrl.rl's; measuring is
polyrl.runtime's.
"""

from polyrl.rl.checkpoint import save_policy
from polyrl.search.measured import (
    ORIGINAL,
    Candidate,
    CandidateMeasurer,
    SearchResult,
    policy_candidates,
    policy_search,
    random_candidates,
    random_search,
    search,
)
from polyrl.search.policy import DEFAULT_POLICY, Inference, Policy

__all__ = [
    "DEFAULT_POLICY",
    "ORIGINAL",
    "Candidate",
    "CandidateMeasurer",
    "Inference",
    "Policy",
    "SearchResult",
    "policy_candidates",
    "policy_search",
    "random_candidates",
    "random_search",
    "save_policy",
    "search",
]
