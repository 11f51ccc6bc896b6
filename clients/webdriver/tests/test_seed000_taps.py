"""Seed 000 through the stock Appium client: taps in FindView found by accessibility id and by XPath,
and the trace each leaves (hit testing from the front, the touch methods up the responder chain)."""

from appium.webdriver.common.appiumby import AppiumBy

from conftest import SceneHost, appium_session

BLUE = [
    "yellowColorView, YellowView.hitTest(_:with:)", "lightGrayColorView, GrayView.hitTest(_:with:)",
    "blueColorView, BlueView.hitTest(_:with:)", "blueColorView, BlueView.touchesBegan(_:with:)",
    "lightGrayColorView, GrayView.touchesBegan(_:with:)", "vc, FindViewViewController.touchesBegan(_:with:)",
    "blueColorView, BlueView.touchesEnded(_:with:)", "vc, FindViewViewController.touchesEnded(_:with:)",
]


def in_order(lines: list[str], wanted: list[str]) -> bool:
    """Whether ``wanted`` appears in ``lines`` in that order (other lines between)."""
    remaining = iter(lines)
    return all(any(line == item for line in remaining) for item in wanted)


def test_a_tap_on_blue_by_accessibility_id_is_hit_tested_from_the_front_and_climbs_the_chain(host: SceneHost) -> None:
    driver = appium_session(host, "findview")
    try:
        blue = driver.find_element(AppiumBy.ACCESSIBILITY_ID, "blue")
        assert blue.get_attribute("hittable") == "true"
        blue.click()
        host.wait_for_log("findview", "vc, FindViewViewController.touchesEnded(_:with:)")
        assert in_order(host.log("findview"), BLUE), host.log("findview")
    finally:
        driver.quit()


def test_a_tap_on_red_found_by_xpath_reaches_red(host: SceneHost) -> None:
    driver = appium_session(host, "findview")
    try:
        red = driver.find_element(AppiumBy.XPATH, "//GrayView/RedView[@name='red']")
        assert red.rect == {"x": 50, "y": 100, "width": 120, "height": 100}
        red.click()
        host.wait_for_log("findview", "redColorView, RedView.touchesEnded(_:with:)")
        assert "blueColorView, BlueView.touchesBegan(_:with:)" not in host.log("findview")
    finally:
        driver.quit()
