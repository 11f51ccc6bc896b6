"""A W3C two-finger pinch built with the stock client's action builder (two touch pointers) zooms
GestureLab's canvas; on the virtual clock its half second of movement takes no wall time."""

import pytest
from selenium.webdriver.common.actions import interaction
from selenium.webdriver.common.actions.action_builder import ActionBuilder

from conftest import SceneHost, appium_session


@pytest.mark.clock("virtual")
def test_two_fingers_moving_apart_zoom_the_canvas(host: SceneHost) -> None:
    driver = appium_session(host, "gesturelab")
    try:
        actions = ActionBuilder(driver)
        for name, start, end in (("finger1", 165, 95), ("finger2", 225, 295)):
            finger = actions.add_pointer_input(interaction.POINTER_TOUCH, name)
            finger.create_pointer_move(x=start, y=670, duration=0)
            finger.create_pointer_down(button=0)
            finger.create_pause(0.1)
            finger.create_pointer_move(x=end, y=670, duration=500)
            finger.create_pointer_up(button=0)
        actions.perform()
        # 60 points apart, then 200: a scale of 200 / 60.
        host.wait_for_log("gesturelab", "pinch ended scale=3.3333")
    finally:
        driver.quit()
