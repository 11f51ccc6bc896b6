"""A click on a covered view is not delivered to whatever covers it: the stock client raises
ElementClickInterceptedException, and the message names the view that would have been hit."""

import pytest
from appium.webdriver.common.appiumby import AppiumBy
from selenium.common.exceptions import ElementClickInterceptedException, ElementNotInteractableException

from conftest import SceneHost, appium_session


def test_a_covered_button_is_not_clicked_and_the_cover_is_named(host: SceneHost) -> None:
    driver = appium_session(host, "toolkit")
    try:
        covered = driver.find_element(AppiumBy.ACCESSIBILITY_ID, "covered")
        assert covered.get_attribute("hittable") == "false"
        with pytest.raises(ElementClickInterceptedException) as raised:
            covered.click()
        assert "would go to 'cover'" in raised.value.msg
        with pytest.raises(ElementNotInteractableException):
            driver.find_element(AppiumBy.ACCESSIBILITY_ID, "ghost").click()
        driver.find_element(AppiumBy.ACCESSIBILITY_ID, "target").click()
        host.wait_for_log("toolkit", "target tapped")
        assert "covered" not in " ".join(host.log("toolkit"))
    finally:
        driver.quit()
