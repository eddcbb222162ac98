package io.plate.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.reflect.Proxy;
import org.junit.jupiter.api.Test;
import org.osgi.framework.Bundle;

/** What the interactive shell says of a plate: command while the shell bundle is stopped. */
class ShellStoppedTest {
    private static Bundle bundle(long id, int state) {
        return (Bundle) Proxy.newProxyInstance(Bundle.class.getClassLoader(), new Class<?>[] {Bundle.class},
                (proxy, m, a) -> switch (m.getName()) {
                    case "getBundleId" -> id;
                    case "getState" -> state;
                    default -> throw new UnsupportedOperationException(m.getName());
                });
    }

    @Test
    void aPlateCommandWithTheShellBundleStoppedSaysHowToStartIt() {
        assertEquals("plate:learners: the plate commands are gone: the shell bundle io.plate.shell (bundle 7) is stopped;"
                + " 'start 7' starts it", ShellStopped.message("plate:learners", bundle(7, Bundle.RESOLVED)));
        assertEquals("command not found: lbx", ShellStopped.message("lbx", bundle(7, Bundle.RESOLVED)));
        assertEquals("plate:learners: the plate commands are gone: the shell bundle io.plate.shell is not installed",
                ShellStopped.message("plate:learners", null));
    }
}
