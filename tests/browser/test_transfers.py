"""Your data is yours (issue 18): a Daylio CSV with a renamed mood is imported through Profile →
Import (uploaded with a progress bar, previewed, its mood mapped), its days appear in the
calendar, and the same file again adds nothing; an export is made in the background and
downloaded as a zip."""

from __future__ import annotations

import zipfile

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from helpers import wait
from test_accounts import click, signup, wait_path

DAYLIO_CSV = """full_date,date,weekday,time,mood,activities,note_title,note
2023-03-02,March 2,Thursday,20:00,awful,work,,rough day
2023-03-01,March 1,Wednesday,09:30,superb,reading | walk,Spring,"first warm day, finally"
2023-03-01,March 1,Wednesday,18:00,awful,,,tired
2023-02-30,February 30,Thursday,10:00,superb,,,no such day
"""


def upload(browser, server, path) -> None:
    browser.get(server.url + "/profile/import")
    click(browser, browser.find_element(By.CSS_SELECTOR, "input[name=kind][value='daylio-csv']"))
    browser.find_element(By.ID, "import-file").send_keys(str(path))
    click(browser, browser.find_element(By.CSS_SELECTOR, "[data-import-submit]"))
    wait(browser, 20).until(lambda d: d.current_url.rsplit("/", 1)[-1] not in ("import",)
                            and "/profile/import/" in d.current_url)


def test_daylio_csv_with_a_renamed_mood_lands_in_the_calendar(server, browser, new_user, screenshot, tmp_path):
    user = new_user("importer")
    signup(browser, server, user)
    csv = tmp_path / "daylio_export.csv"
    csv.write_text(DAYLIO_CSV, encoding="utf-8")

    upload(browser, server, csv)
    page = browser.find_element(By.TAG_NAME, "main").text
    assert "daylio_export.csv" in page
    assert "Line 5" in page and "2023-02-30" in page, page
    rows = {r.find_element(By.TAG_NAME, "th").text: [c.text for c in r.find_elements(By.TAG_NAME, "td")]
            for r in browser.find_elements(By.CSS_SELECTOR, ".transfer-counts tbody tr")}
    assert rows["Days"] == ["0", "2"] and rows["Check-ins"] == ["0", "1"], rows
    screenshot(browser, "import-preview")

    # The renamed mood has no meaning yet: importing without one says so beside it.
    superb = Select(browser.find_element(By.XPATH, "//label[contains(., 'superb')]/following-sibling::select"))
    assert superb.first_selected_option.get_attribute("value") == ""
    browser.execute_script("document.querySelectorAll('select').forEach(s => s.removeAttribute('required'))")
    click(browser, browser.find_element(By.CSS_SELECTOR, "form[action$='/run'] button[type=submit]"))
    error = wait(browser).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".field-error"))
    assert "superb" in error[0].text
    screenshot(browser, "import-mapping-error")

    superb = Select(browser.find_element(By.XPATH, "//label[contains(., 'superb')]/following-sibling::select"))
    superb.select_by_value("5")
    click(browser, browser.find_element(By.CSS_SELECTOR, "form[action$='/run'] button[type=submit]"))
    done = wait(browser, 30).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".notice"))
    assert "2 day(s), 1 check-in(s)." in done[0].text, done[0].text
    assert "and 0 more" not in browser.find_element(By.TAG_NAME, "main").text
    screenshot(browser, "import-done")

    browser.get(server.url + "/calendar?month=2023-03")
    first = browser.find_element(By.CSS_SELECTOR, "td a[href='/days/2023-03-01']").find_element(By.XPATH, "..")
    second = browser.find_element(By.CSS_SELECTOR, "td a[href='/days/2023-03-02']").find_element(By.XPATH, "..")
    assert "mood-5" in first.get_attribute("class") and "mood-1" in second.get_attribute("class")
    screenshot(browser, "import-calendar")
    browser.get(server.url + "/days/2023-03-01")
    day = browser.find_element(By.TAG_NAME, "main").text
    assert "first warm day, finally" in day and "reading" in day.lower(), day

    # The same file again: the preview says nothing is new.
    upload(browser, server, csv)
    rows = {r.find_element(By.TAG_NAME, "th").text: [c.text for c in r.find_elements(By.TAG_NAME, "td")]
            for r in browser.find_elements(By.CSS_SELECTOR, ".transfer-counts tbody tr")}
    assert rows.get("Days", ["0", "0"])[1] == "0" and rows.get("Check-ins", ["0", "0"])[1] == "0", rows
    assert rows["Entries with a mood"] == ["3", "0"], rows
    assert "imported before" in browser.find_element(By.TAG_NAME, "main").text


def test_an_export_is_made_in_the_background_and_downloaded(server, browser, new_user, screenshot):
    user = new_user("exporter")
    signup(browser, server, user)
    browser.get(server.url + "/profile")
    click(browser, browser.find_element(By.CSS_SELECTOR, "a[href='/profile/export']"))
    wait_path(browser, "/profile/export")
    click(browser, browser.find_element(By.CSS_SELECTOR, "form[action='/profile/export'] button"))
    link = wait(browser, 30).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".transfer a[download]"))
    screenshot(browser, "export-ready")
    # Fetch it with the page's own session, as the browser's download would.
    data = browser.execute_async_script(
        """const [href, done] = [arguments[0], arguments[arguments.length - 1]];
        fetch(href).then(r => r.arrayBuffer()).then(b => done(Array.from(new Uint8Array(b)))).catch(() => done(null));""",
        link[0].get_attribute("href"))
    assert data, "the zip downloads"
    import io
    names = zipfile.ZipFile(io.BytesIO(bytes(data))).namelist()
    assert {"daybook.json", "days.csv", "checkins.csv", "journal.csv", "README.txt"} <= set(names), names


def _rss_mb(server) -> float:
    with open(f"/proc/{server.proc.pid}/status") as status:
        line = next(l for l in status if l.startswith("VmRSS:"))
    return int(line.split()[1]) / 1024


def test_hostile_files_are_refused_with_the_servers_memory_bounded(server):
    """A zip bomb, a CSV of ten million columns, a zip with `../` paths: each a clear 4xx naming
    the file, the server's memory sampled around it, nothing written."""
    import io
    from test_ownership import register

    anna = register(server, "hostile")

    def send(kind: str, data: bytes):
        import uuid
        boundary = uuid.uuid4().hex
        raw = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"kind\"\r\n\r\n{kind}\r\n"
               f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"f\"\r\n\r\n").encode()
        raw += data + f"\r\n--{boundary}--\r\n".encode()
        return anna.call("post", "/imports", raw=raw, content_type=f"multipart/form-data; boundary={boundary}")

    bomb = io.BytesIO()
    with zipfile.ZipFile(bomb, "w", zipfile.ZIP_DEFLATED) as archive:
        with archive.open("data.json", "w", force_zip64=True) as entry:
            block = b"\0" * (1 << 20)
            for _ in range(1024):  # 1 GB of zeros, about a megabyte packed
                entry.write(block)
    slip = io.BytesIO()
    with zipfile.ZipFile(slip, "w") as archive:
        archive.writestr("../../etc/cron.d/x", "* * * * * root true")
        archive.writestr("backup.daylio", "e30=")
    cases = [
        ("journiv", bomb.getvalue(), "once unpacked"),
        ("daylio-csv", b"," * 10_000_000, "columns"),
        ("daylio-backup", slip.getvalue(), "outside the archive"),
    ]
    for kind, data, words in cases:
        before = _rss_mb(server)
        status, answer = send(kind, data)
        grew = _rss_mb(server) - before
        assert status == 422, answer
        assert [e["field"] for e in answer["errors"]] == ["file"] and words in answer["detail"], answer
        assert grew < 50, f"{kind}: the server grew by {grew:.0f} MB"
        print(f"{kind} ({len(data) // 1024} KB sent): refused, server RSS {before:.0f} → {before + grew:.0f} MB")
    assert anna.call("get", "/days")[1]["items"] == []
    assert not list((server.data_dir / "transfers").glob("*")), "nothing kept on the disk"
