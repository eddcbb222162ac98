package io.plate.launcher;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;

/** The launcher's proxies of JLine objects it cannot compile against: a call passed on to the object they stand for. */
final class Delegating {
    private Delegating() {
    }

    /** {@code m} on {@code target}, throwing what it throws; a proxy's identity is its own. */
    static Object call(Method m, Object proxy, Object target, Object[] a) throws Throwable {
        switch (m.getName()) {
            case "equals":
                if (m.getParameterCount() == 1) {
                    return proxy == a[0];
                }
                break;
            case "hashCode":
                if (m.getParameterCount() == 0) {
                    return System.identityHashCode(proxy);
                }
                break;
            default:
                break;
        }
        try {
            return m.invoke(target, a);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }
}
