package io.plate.launcher;

import java.io.PrintStream;

/**
 * Felix's own errors (a bundle that fails to start or stop) as one line on standard error, without the
 * stack trace Felix's default logger prints: "plate: framework: MESSAGE: CAUSE".
 */
final class FrameworkLog extends org.apache.felix.framework.Logger {
    /**
     * What Felix logs before it throws the failure of Bundle.update to its caller, who says it: the shell's
     * {@code update} in its one line, FileInstall for the --deploy folder ({@link DeployLog}'s "not updated").
     */
    static final String UPDATE_FAILED = "Unable to update the bundle.";

    private final PrintStream err;

    FrameworkLog(PrintStream err) {
        this.err = err;
        setLogLevel(LOG_ERROR);
    }

    @Override
    @SuppressWarnings("rawtypes")
    protected void doLog(org.osgi.framework.Bundle bundle, org.osgi.framework.ServiceReference ref, int level,
            String message, Throwable cause) {
        if (gogoSessionRace(bundle, cause) || UPDATE_FAILED.equals(message)) {
            return;
        }
        String who = bundle == null || bundle.getSymbolicName() == null ? "" : bundle.getSymbolicName() + ": ";
        err.println("plate: framework: " + who + line(message, cause));
    }

    /**
     * Gogo runtime 1.1's processor, stopping, copies its weak map of sessions into an array sized just
     * before: a session collected in between leaves a null that it then closes. The NullPointerException
     * (about one stop in 35) changes nothing, the framework being stopped, and the user can do nothing
     * about it, so it is not printed.
     */
    static boolean gogoSessionRace(org.osgi.framework.Bundle bundle, Throwable cause) {
        Throwable t = innermost(cause);
        return bundle != null && "org.apache.felix.gogo.runtime".equals(bundle.getSymbolicName())
                && t instanceof NullPointerException && t.getMessage() != null
                && t.getMessage().contains("CommandSession.close()");
    }

    private static Throwable innermost(Throwable cause) {
        Throwable t = cause;
        while (t != null && t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t;
    }

    /** The message and the cause's reason ({@link BundleProblem}), on one line. */
    static String line(String message, Throwable cause) {
        String why = BundleProblem.reason(cause);
        return (message == null ? "" : message.replace('\n', ' ')) + (why.isEmpty() ? "" : ": " + why);
    }
}
