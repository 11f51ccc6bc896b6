"""Seed 002 through the stock Appium client: a quick tap on a table row becomes the background's tap,
and the row never sees the touch (the table held its touchesBegan back for 150 ms, and the tap cut it
off first); a tap on the button is the button's alone."""

from appium.webdriver.common.appiumby import AppiumBy

from conftest import SceneHost, appium_session


def test_a_tap_on_a_table_row_becomes_the_background_tap(host: SceneHost) -> None:
    driver = appium_session(host, "gesturelab")
    try:
        # The row's cell (its label takes no touches, so the finger lands on the cell either way).
        driver.find_element(AppiumBy.XPATH, "//*[@label='Row 1']").click()
        host.wait_for_log("gesturelab", "Background tap")
        driver.execute_script("mobile: waitForIdle", {"timeout": 10})
        log = host.log("gesturelab")
        assert [line for line in log if line.startswith(("Row ", "Selected"))] == [], log
    finally:
        driver.quit()


def test_a_tap_on_the_button_is_the_button_s_alone(host: SceneHost) -> None:
    driver = appium_session(host, "gesturelab")
    try:
        driver.find_element(AppiumBy.ACCESSIBILITY_ID, "button").click()
        host.wait_for_log("gesturelab", "Button tapped")
        driver.execute_script("mobile: waitForIdle", {"timeout": 10})
        log = host.log("gesturelab")
        assert log.index("Button touches began") < log.index("Button touches ended") < log.index("Button tapped"), log
        assert "Background tap" not in log
    finally:
        driver.quit()
