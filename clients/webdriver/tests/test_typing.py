"""Typing into Gallery's field with the stock client: send_keys focuses the field (its window becomes
key, the field first responder) and types; Enter is the field's Return."""

from appium.webdriver.common.appiumby import AppiumBy
from selenium.webdriver.common.keys import Keys

from conftest import SceneHost, appium_session


def test_send_keys_types_into_the_field_and_enter_returns(host: SceneHost) -> None:
    driver = appium_session(host, "gallery")
    try:
        # The alert is on top at first: OK hides it.
        driver.find_element(AppiumBy.ACCESSIBILITY_ID, "ok").click()
        host.wait_for_log("gallery", "alert hidden")
        field = driver.find_element(AppiumBy.ACCESSIBILITY_ID, "field")
        field.send_keys("Hello, " + "SceneHost!")
        assert field.text == "Hello, SceneHost!"
        field.send_keys(Keys.ENTER)
        host.wait_for_log("gallery", "field return: Hello, SceneHost!")
        field.clear()
        assert field.text == ""
    finally:
        driver.quit()
