package io.plate.launcher;

import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.concurrent.TimeUnit;
import org.osgi.framework.BundleContext;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceReference;

/**
 * A Gogo command session created by the launcher through the {@code CommandProcessor} service. The
 * launcher has no compile-time dependency on Gogo (it is a bundle inside the framework), so the
 * session is driven reflectively through the interfaces the Gogo runtime bundle exports.
 */
public final class GogoSession implements AutoCloseable {
    static final String PROCESSOR = "org.apache.felix.service.command.CommandProcessor";
    /**
     * Session variables with the widths of the terminals the session's output and its errors go to (0: not
     * a terminal), to which Plate's commands fit their text (io.plate.shell's SessionColumns); unset, the
     * session's JLine terminal says.
     */
    static final String OUTPUT_COLUMNS = ".plate.out.columns";
    static final String ERROR_COLUMNS = ".plate.err.columns";
    /**
     * Session variable holding an {@code AtomicReference<Runnable>}: the Ctrl-C action of the command in progress
     * (io.plate.shell's CtrlC sets it when the session has no terminal of its own), which the launcher runs when
     * a signal ends the process, so that a run stops as on Ctrl-C and its command returns what it kept.
     */
    static final String INTERRUPT = ".plate.interrupt";
    private static final int INSPECT = 0;

    private final Object session;
    private final Method execute;
    private final Method format;
    private final Method put;
    private final Method get;
    private final Method close;

    private GogoSession(Object session) throws ReflectiveOperationException {
        Class<?> type = session.getClass().getClassLoader()
                .loadClass("org.apache.felix.service.command.CommandSession");
        this.session = session;
        this.execute = type.getMethod("execute", CharSequence.class);
        this.format = type.getMethod("format", Object.class, int.class);
        this.put = type.getMethod("put", String.class, Object.class);
        this.get = type.getMethod("get", String.class);
        this.close = type.getMethod("close");
    }

    /** Opens a session, waiting at most {@code timeoutMillis} for the command processor. */
    public static GogoSession open(BundleContext context, InputStream in, PrintStream out, PrintStream err,
            long timeoutMillis) throws Exception {
        Object processor = service(context, PROCESSOR, "the Gogo command processor", timeoutMillis);
        Method create = null;
        for (Method m : processor.getClass().getMethods()) {
            if (m.getName().equals("createSession") && m.getParameterCount() == 3
                    && m.getParameterTypes()[0] == InputStream.class
                    && OutputStream.class.isAssignableFrom(m.getParameterTypes()[1])) {
                create = m;
                if (m.getParameterTypes()[1] == PrintStream.class) {
                    break;
                }
            }
        }
        if (create == null) {
            throw new IllegalStateException("the Gogo command processor has no createSession(in, out, err)");
        }
        return new GogoSession(create.invoke(processor, in, out, err));
    }

    /**
     * The service registered under {@code className} (a Gogo type the launcher does not compile against),
     * waiting at most {@code timeoutMillis} for it; {@code what} names it in the error.
     */
    static Object service(BundleContext context, String className, String what, long timeoutMillis)
            throws InvalidSyntaxException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        while (true) {
            // all references: a class space that differs from the bundles' (a test class path) hides the service
            ServiceReference<?>[] refs = context.getAllServiceReferences(className, null);
            if (refs != null && refs.length > 0) {
                return context.getService(refs[0]);
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(what + " did not start within " + timeoutMillis
                        + " ms (is the plate-shell feature installed?)");
            }
            Thread.sleep(5);
        }
    }

    /** Runs one program; returns its value (possibly null). Throws the command's own exception. */
    public Object execute(String program) throws Exception {
        try {
            return execute.invoke(session, program);
        } catch (InvocationTargetException e) {
            Throwable t = e.getCause();
            if (t instanceof Exception) {
                throw (Exception) t;
            }
            if (t instanceof Error) {
                throw (Error) t;
            }
            throw e;
        }
    }

    /** Sets session variable {@code name} (read by the commands, as Gogo's shell sets {@code .terminal}). */
    public void put(String name, Object value) {
        try {
            put.invoke(session, name, value);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        } catch (InvocationTargetException e) {
            throw new IllegalStateException(e.getCause());
        }
    }

    /** Session variable {@code name}, or null. */
    Object get(String name) {
        try {
            return get.invoke(session, name);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        } catch (InvocationTargetException e) {
            throw new IllegalStateException(e.getCause());
        }
    }

    /** Gogo's own session object, for Gogo's shell to run on ({@link InteractiveShell}). */
    Object gogoSession() {
        return session;
    }

    /** Renders a value as the interactive shell would (Plate's converter gives readable text). */
    public String render(Object value) {
        if (value instanceof CharSequence) {
            return value.toString();
        }
        try {
            Object s = format.invoke(session, value, INSPECT);
            return s == null ? String.valueOf(value) : s.toString();
        } catch (ReflectiveOperationException | RuntimeException e) {
            return String.valueOf(value);
        }
    }

    @Override
    public void close() {
        try {
            close.invoke(session);
        } catch (ReflectiveOperationException | RuntimeException e) {
            // closing a session that failed is not worth a message
        }
    }
}
