"""Help > About: Gridsmith and the people who made the original games (manual 3.5: HELP|ABOUT)."""
from __future__ import annotations

CREDITS_HTML = """
<h2>Gridsmith</h2>
<p>Author, validate and test-play content for five strategy games.</p>
<h3>The original games</h3>
<ul>
<li><b>Pendulous</b> (1992, Kamyan Software) — designed and programmed by <b>Ken Carlino</b>;
    playtesting by Ken Carlino, Jeff Siebold and Mark Janovics.</li>
<li><b>Circuit War</b> (1989) — by <b>Richard (Rick) Reed</b>; playtesters Jay Kam, Alvin Asakura and
    Ryan Shigetani.</li>
<li><b>Pendulum</b> (2020, Stonemaier Games; German edition Feuerland Spiele) — designed by
    <b>Travis Jones</b>, illustrated by Robert Leask.</li>
<li><b>Pyramids</b> (1988, version 4.0) — by <b>Helios Software</b>, Seattle.</li>
<li><b>Kongbots</b> (1991, Macintosh) — based on the FASA board game designed by
    <b>William Fawcett and Jordan Weisman</b>, with additional development by Chris Fell, Forest Brown and
    Ross Babcock; original rules by Tim Orisek; artwork by Mitch O'Connell.</li>
</ul>
<p>Gridsmith is an independent tool; the games' names belong to their owners.</p>
"""
