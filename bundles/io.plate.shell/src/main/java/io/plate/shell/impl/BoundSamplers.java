package io.plate.shell.impl;

import io.plate.api.sample.Cancellation;
import io.plate.api.sample.Sampler;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkUtil;

/**
 * The samplers a command component is bound to (a dynamic, greedy, multiple reference) and the runs it
 * has in progress, with the sampler each uses. Deactivating the component
 * (the shell bundle stopping, the launcher ending on a signal) cancels them, and so does the sampler's
 * service going away (its bundle updated, stopped or uninstalled): the chains stop at the next sweep,
 * and the caller waits until the commands have kept the draws, written their run directories and
 * returned, so the sampler's bundle is still whole while they finish.
 */
final class BoundSamplers {
    /** System property the launcher sets to the signal that ends the process (e.g. {@code SIGTERM}). */
    static final String SIGNAL_PROPERTY = "plate.signal";

    /** What stops a run whose sampler's bundle goes away. */
    static final String SAMPLER_GONE = "its sampler's bundle was updated or stopped";

    private final List<Map.Entry<Map<String, Object>, Sampler>> samplers = new CopyOnWriteArrayList<>();
    private final Map<Cancellation, Sampler> running = new IdentityHashMap<>();

    /** A sampler service bound, with its service properties. */
    void bind(Sampler s, Map<String, Object> props) {
        samplers.add(Map.entry(props, s));
    }

    /**
     * A sampler going away (its bundle, or a bundle whose service it needs, updated or stopped, or Plate
     * exiting): its runs stop and keep their draws first.
     */
    void unbind(Sampler s) {
        samplers.removeIf(e -> e.getValue() == s);
        Bundle shell = FrameworkUtil.getBundle(BoundSamplers.class);
        BundleContext ctx = shell == null ? null : shell.getBundleContext();
        String why = ctx == null ? SAMPLER_GONE : goneReason(FrameworkUtil.getBundle(s.getClass()), ctx.getBundles());
        stopUsing(s, why, SamplerRuns.STOP_WAIT_MILLIS);
    }

    /**
     * Why a sampler's service went, from the bundles' states while it is unregistered: the framework stopping
     * (Plate exiting), the sampler's own bundle stopping (updated, refreshed, stopped), else another bundle
     * stopping that the sampler's component has a static reference to (the chain runner's, the distributions'),
     * named when one is seen stopping.
     */
    static String goneReason(Bundle sampler, Bundle[] all) {
        for (Bundle b : all) {
            if (b.getBundleId() == 0 && b.getState() == Bundle.STOPPING) {
                return System.getProperty(SIGNAL_PROPERTY) != null ? stopReason() : "Plate is exiting";
            }
        }
        if (sampler == null || sampler.getState() != Bundle.ACTIVE) {
            return SAMPLER_GONE;
        }
        for (Bundle b : all) {
            if (b.getState() == Bundle.STOPPING && b.getBundleId() != sampler.getBundleId()) {
                return "its sampler lost a service of bundle " + b.getSymbolicName() + ", which was updated or stopped";
            }
        }
        return "its sampler lost a service it uses (a bundle it needs was updated or stopped)";
    }

    /** For tests and embedding: fixed samplers, bound under their names. */
    void fix(List<Sampler> fixed) {
        for (Sampler s : fixed) {
            bind(s, Map.of(Sampler.NAME, s.name()));
        }
    }

    /** The best-ranked bound sampler of {@code name} (see {@link SamplerRuns#find}). */
    Sampler find(String name, String prefix, String kind) {
        return SamplerRuns.find(samplers, name, prefix, kind);
    }

    /** A token for a new run of {@code sampler}; {@link #done} must follow. */
    synchronized Cancellation start(Sampler sampler) {
        Cancellation c = new Cancellation();
        running.put(c, sampler);
        return c;
    }

    /** The command of {@code c}'s run has returned (or failed). */
    synchronized void done(Cancellation c) {
        running.remove(c);
        notifyAll();
    }

    /** Cancels every run with the reason of the stop, and waits (at most 30 s) for their commands. */
    synchronized void stopAll() {
        stop(null, stopReason(), SamplerRuns.STOP_WAIT_MILLIS);
    }

    /** Cancels the runs of {@code sampler}, saying {@code why}, and waits at most {@code millis} for their commands. */
    synchronized void stopUsing(Sampler sampler, String why, long millis) {
        stop(sampler, why, millis);
    }

    private void stop(Sampler sampler, String why, long millis) {
        for (Map.Entry<Cancellation, Sampler> e : running.entrySet()) {
            if (sampler == null || e.getValue() == sampler) {
                e.getKey().cancel(why);
            }
        }
        long deadline = System.nanoTime() + millis * 1_000_000L;
        try {
            while (sampler == null ? !running.isEmpty() : running.containsValue(sampler)) {
                long left = (deadline - System.nanoTime()) / 1_000_000L;
                if (left <= 0) {
                    return;
                }
                wait(left);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Why the shell stops its runs: the signal the process received, or the shell being stopped. */
    static String stopReason() {
        String signal = System.getProperty(SIGNAL_PROPERTY);
        return signal != null ? "interrupted by " + signal : "the shell was stopped";
    }
}
