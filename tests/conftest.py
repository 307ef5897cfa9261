"""Settings for every test.

Hypothesis' default deadline (200 ms per example) is a timed assertion: on a loaded or slow machine
a property test failed for taking 272 ms on one example, which says nothing about the property. Speed
is measured in bench/, never asserted in tests, so no example has a deadline.
"""
from hypothesis import settings

settings.register_profile("gridsmith", deadline=None)
settings.load_profile("gridsmith")
