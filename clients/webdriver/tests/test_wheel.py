"""The W3C wheel input source: the stock Selenium scroll actions (ActionChains.scroll_from_origin),
sent through the Appium client, scroll the scroll view under the point, from an element or from the
viewport (the scene)."""

from appium.webdriver.common.appiumby import AppiumBy
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.actions.wheel_input import ScrollOrigin

from conftest import SceneHost, appium_session


def test_selenium_scroll_actions_scroll_the_view_under_the_point(host: SceneHost) -> None:
    driver = appium_session(host, "toolkit")
    try:
        scroller = driver.find_element(AppiumBy.ACCESSIBILITY_ID, "scroller")
        ActionChains(driver).scroll_from_origin(ScrollOrigin.from_element(scroller), 0, 120).perform()
        host.wait_for_log("toolkit", "scrolled to 0, 120")
        ActionChains(driver).scroll_from_origin(ScrollOrigin.from_viewport(100, 550), 0, -20).perform()
        host.wait_for_log("toolkit", "scrolled to 0, 100")
        assert [line for line in host.log("toolkit") if line.startswith("scrolled")] == ["scrolled to 0, 120", "scrolled to 0, 100"]
    finally:
        driver.quit()
