"""Seed 002 through the stock Appium client: a tap on the table's row becomes the background's tap
(the table's touches are cancelled); a tap on the button is the button's alone."""

from appium.webdriver.common.appiumby import AppiumBy

from conftest import SceneHost, appium_session


def test_a_tap_on_a_table_row_becomes_the_background_tap(host: SceneHost) -> None:
    driver = appium_session(host, "gesturelab")
    try:
        # The row's label takes no touches: the finger lands on the table behind it.
        driver.find_element(AppiumBy.XPATH, "//*[@label='Row 1']").click()
        host.wait_for_log("gesturelab", "touches cancelled")
        log = host.log("gesturelab")
        assert log.index("touches began") < log.index("Background tap") < log.index("touches cancelled"), log
    finally:
        driver.quit()


def test_a_tap_on_the_button_is_the_button_s_alone(host: SceneHost) -> None:
    driver = appium_session(host, "gesturelab")
    try:
        driver.find_element(AppiumBy.ACCESSIBILITY_ID, "button").click()
        host.wait_for_log("gesturelab", "Button tapped")
        driver.execute_script("mobile: waitForIdle", {"timeout": 10})
        assert "Background tap" not in host.log("gesturelab")
    finally:
        driver.quit()
