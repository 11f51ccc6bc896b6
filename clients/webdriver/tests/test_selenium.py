"""Plain Selenium (no Appium) drives SceneHost too: its By.ID becomes CSS `[id="…"]`, which the host's
CSS-like selectors understand; page source and implicit waits work as with any WebDriver server."""

from selenium import webdriver
from selenium.webdriver.common.by import By
from selenium.webdriver.common.options import ArgOptions
from selenium.webdriver.remote.client_config import ClientConfig
from selenium.webdriver.remote.remote_connection import RemoteConnection

from conftest import SceneHost


def test_selenium_finds_by_id_and_class_and_clicks(host: SceneHost) -> None:
    options = ArgOptions()
    options.set_capability("platformName", "SceneHost")
    options.set_capability("appium:scene", "findview")
    executor = RemoteConnection(client_config=ClientConfig(remote_server_addr=host.url))
    driver = webdriver.Remote(command_executor=executor, options=options)
    try:
        assert "<BlueView" in driver.page_source
        driver.find_element(By.ID, "yellow").click()
        host.wait_for_log("findview", "yellowColorView, YellowView.touchesEnded(_:with:)")
        assert [element.get_dom_attribute("identifier") for element in driver.find_elements(By.CLASS_NAME, "BlueView")] == ["blue"]
        assert [element.get_dom_attribute("type") for element in driver.find_elements(By.NAME, "gray")] == ["GrayView"]
        assert sorted(driver.window_handles) == ["findview", "gallery", "gesturelab", "toolkit"]
    finally:
        driver.quit()
