package io.plate.launcher;

import java.io.PrintWriter;
import java.lang.reflect.Proxy;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;

/**
 * The interactive shell's one-line errors for Gogo's own failures, as {@code -c} prints them ({@link Main#message}):
 * Gogo's shell prints a failed line's exception as its {@code toString()}, e.g. {@code
 * java.lang.IllegalArgumentException: Cannot coerce headers(Token) to any of [(Bundle[])]}. A session listener keeps
 * the failure of the line the shell's thread last ran; the terminal the shell writes to prints that line as the message.
 */
final class FailureLines {
    /** The failure of the line this thread last ran (none after a line that succeeded). */
    private static final ThreadLocal<Exception> FAILED = new ThreadLocal<>();

    private FailureLines() {
    }

    /** Registers the session listener that keeps each line's failure ({@code gogo}: a class loader that sees Gogo's API). */
    static ServiceRegistration<?> register(BundleContext context, ClassLoader gogo) throws ClassNotFoundException {
        Class<?> listener = gogo.loadClass("org.apache.felix.service.command.CommandSessionListener");
        Object kept = Proxy.newProxyInstance(gogo, new Class<?>[] {listener}, (proxy, m, a) -> switch (m.getName()) {
            case "beforeExecute" -> {
                FAILED.remove();
                yield null;
            }
            case "afterExecute" -> {
                if (a[2] instanceof Exception e) {
                    FAILED.set(e);
                } else {
                    FAILED.remove();
                }
                yield null;
            }
            case "hashCode" -> System.identityHashCode(proxy);
            case "equals" -> proxy == a[0];
            default -> "plate launcher's keeper of the shell's failures";
        });
        return context.registerService(listener.getName(), kept, null);
    }

    /**
     * {@code terminal} (a JLine {@code Terminal} of type {@code terminalType}) with a writer that prints the line
     * Gogo's shell writes for a failure as {@link #rewrite} says, broken between words at the terminal's width; every
     * other call goes to {@code terminal}.
     */
    static Object terminal(Object terminal, Class<?> terminalType) throws ReflectiveOperationException {
        java.lang.reflect.Method width = terminalType.getMethod("getWidth");
        PrintWriter writer = new PrintWriter((PrintWriter) terminalType.getMethod("writer").invoke(terminal)) {
            @Override
            public void println(String line) {
                Exception failed = FAILED.get();
                String shown = failed == null ? line : rewrite(line, failed, columns());
                if (!shown.equals(line)) {
                    FAILED.remove(); // printed once
                }
                super.println(shown);
            }

            private int columns() {
                try {
                    return (Integer) width.invoke(terminal);
                } catch (ReflectiveOperationException | RuntimeException e) {
                    return 0; // a terminal that cannot say: whole lines
                }
            }
        };
        return Proxy.newProxyInstance(terminalType.getClassLoader(), new Class<?>[] {terminalType}, (proxy, m, a) ->
                m.getName().equals("writer") && m.getParameterCount() == 0 ? writer : Delegating.call(m, proxy, terminal, a));
    }

    /**
     * {@code line} with {@code failed}'s {@code toString()}, as Gogo's shell prints it (its colour codes around it), in
     * place of the message {@code -c} prints, broken between words to fit {@code columns} (0: whole; the one wrapper,
     * {@link ConsoleNotices#wrap}); {@code line} as it is when it does not hold that text.
     */
    static String rewrite(String line, Exception failed, int columns) {
        String shown = failed.toString();
        int at = line.indexOf(shown);
        if (at < 0) {
            return line;
        }
        return line.substring(0, at) + ConsoleNotices.wrap(Main.message(failed), columns) + line.substring(at + shown.length());
    }
}
