"""Every page form, fed extreme values (issue 60): for each POST route of the web app, read from
its sources so that a new form is covered without anyone remembering to add it, a signed-in
person posts every field name the templates use with values at the ends of what numbers, dates
and strings hold. No answer is a 5xx, and the server is up at the end. Seeded: a failure repeats.
"""

from __future__ import annotations

import datetime
import random
import re
from pathlib import Path

from test_accounts import FormClient
from test_attack_findings import register, still_up
from test_crash import call

WEB = Path(__file__).resolve().parents[2] / "Sources" / "DaybookWeb"
POST = re.compile(r'router\.post\("([^"]*)"')
FIELD = re.compile(r'name="([a-zA-Z0-9_.-]+)"')

# Routes that end the person's session or account, or sign in anew: posting them at random would
# leave the rest of the run signed out. Each has its own tests.
LEAVE_OUT = {"/logout", "/profile/delete", "/profile/sessions/others/revoke", "/login", "/login/code", "/signup",
             "/profile/password"}

EXTREMES = ["99999999999999999999", "92233720368547758.07", "-9223372036854775808", "1e308", "-1e308", "NaN",
            "0", "-1", "", " ", "9999-12-31", "0001-01-01", "2024-02-30", "9999-12-31T23:59:59", "2024-03-31T02:30",
            "2024-01-01T10:00:1e300", "25:61", "\u0000junk", "x" * 20_000, "<script>alert(1)</script>", "=1+1",
            "../../etc/passwd", "00000000-0000-0000-0000-000000000000", "🙂" * 500, "%00", "\u202e"]


def test_every_form_survives_extreme_values(server, new_user):
    user = new_user("formfuzz")
    token = register(server, user)
    category = call(server.url, "GET", "/closet/categories", token)[1]["items"][0]["id"]
    item = call(server.url, "POST", "/closet/items", token, {"name": "Coat", "categoryId": category})[1]["id"]
    outfit = call(server.url, "POST", "/outfits", token, {"name": "Look", "itemIds": [item]})[1]["id"]
    feeling = call(server.url, "GET", "/feelings", token)[1]["items"][0]["id"]
    checkin = call(server.url, "POST", "/checkins", token, {"feelingId": feeling})[1]["id"]
    entry = call(server.url, "POST", "/journal", token, {"title": "T", "body": "B"})[1]["id"]
    own = {"/closet/items/": item, "/closet/outfits/": outfit, "/closet/categories/": category,
           "/checkins/": checkin, "/journal/": entry}
    today = datetime.date.today().isoformat()

    fields = sorted({name for template in WEB.glob("Templates/**/*.mustache")
                     for name in FIELD.findall(template.read_text())} - {"csrf", "viewport", "theme-color"})
    routes = sorted({route for source in WEB.glob("*.swift") for route in POST.findall(source.read_text())})
    form = FormClient(server.url)
    form.login(user.username, user.password)
    rng = random.Random(60)
    posted = 0
    errors = []
    statuses: dict[int, int] = {}
    for route in routes:
        if route in LEAVE_OUT:
            continue
        path = route.replace("{date}", today).replace("{username}", "nobody_here")
        if "{id}" in path:
            owner = next((record for prefix, record in own.items() if path.startswith(prefix)), None)
            if owner is None:
                continue  # ids of records this test does not make (shares, requests): 404 either way
            path = path.replace("{id}", owner)
        for _ in range(12):
            values = [(name, rng.choice(EXTREMES)) for name in rng.sample(fields, k=rng.randint(1, 12))]
            status, _, page = form.post(path, values)
            posted += 1
            statuses[status] = statuses.get(status, 0) + 1
            if status >= 500:
                errors.append(f"POST {route} {values!r:.300}: {status}")
    print(f"page form fuzz: {posted} posts over {len(routes)} routes, answers {sorted(statuses.items())}")
    assert statuses.get(403, 0) < posted / 2, "most posts were refused as forged: the fuzz reached no form"
    assert not errors, "\n".join(errors[:20])
    still_up(server, token)
