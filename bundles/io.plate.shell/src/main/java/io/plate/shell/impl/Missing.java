package io.plate.shell.impl;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.FrameworkUtil;

/**
 * What a command adds when the learner or sampler asked for is not there: what is installed, and where
 * the others may be — the features the launcher's {@code --features} left out (framework property
 * {@value #LEFT_OUT}) and the stopped bundles that declare components ({@code stop 21}), with the command
 * that starts them.
 */
final class Missing {
    /** Set by the launcher: the features {@code --features} left out, comma-separated. */
    static final String LEFT_OUT = "plate.features.left.out";
    /** The manifest header of a bundle with Declarative Services components. */
    private static final String SERVICE_COMPONENT = "Service-Component";

    private Missing() {
    }

    /**
     * {@code " (none installed; …)"} or {@code " (did you mean b?); installed: a, b; …"}, for a "no sampler named
     * {@code asked}" message: the installed names {@code asked} begins, or the nearest when it looks like a typo.
     */
    static String note(String asked, Collection<String> installed) {
        List<String> why = why();
        List<String> near = io.plate.api.text.NearestName.all(asked, installed);
        return installed.isEmpty() ? " (" + listing() + ")"
                : (near.isEmpty() ? "" : " (did you mean " + io.plate.api.text.NearestName.either(near) + "?)") + "; installed: " + String.join(", ", installed)
                        + (why.isEmpty() ? "" : "; " + String.join("; ", why));
    }

    /** {@code "none installed"} and where the missing services may be, for an empty listing. */
    static String listing() {
        List<String> why = why();
        return "none installed" + (why.isEmpty() ? "" : "; " + String.join("; ", why));
    }

    private static List<String> why() {
        List<String> why = new ArrayList<>();
        Bundle self = FrameworkUtil.getBundle(Missing.class);
        BundleContext context = self == null ? null : self.getBundleContext();
        if (context == null) {
            return why; // not in a framework (unit tests)
        }
        String leftOut = context.getProperty(LEFT_OUT);
        if (leftOut != null && !leftOut.isBlank()) {
            why.add("--features left out " + leftOut.replace(",", ", "));
        }
        List<String> stopped = new ArrayList<>();
        for (Bundle b : context.getBundles()) {
            // a provider declares its learners and samplers as components: other stopped bundles (Gogo's
            // JLine bundle, which the launcher starts only for a program that needs it) are not named
            if (b.getState() == Bundle.RESOLVED && b.getHeaders().get(Constants.FRAGMENT_HOST) == null
                    && b.getHeaders().get(SERVICE_COMPONENT) != null) {
                stopped.add(b.getSymbolicName() + " (bundle " + b.getBundleId() + ")");
            }
        }
        if (!stopped.isEmpty()) {
            why.add("stopped: " + String.join(", ", stopped) + "; 'start ID' starts one");
        }
        return why;
    }
}
