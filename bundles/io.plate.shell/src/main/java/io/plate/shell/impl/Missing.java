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
 * the others may be — providers still starting or being updated, the features the launcher's
 * {@code --features} left out (framework property {@value #LEFT_OUT}) and the stopped bundles that declare
 * components ({@code stop 21}), with the command that starts them.
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
        return note(asked, installed, null);
    }

    /** As {@link #note(String, Collection)}, naming only the bundles that can provide a {@code kind} service. */
    static String note(String asked, Collection<String> installed, Class<?> kind) {
        List<String> why = why(kind, installed.isEmpty());
        return installed.isEmpty() ? " (" + listing(why) + ")"
                : io.plate.api.text.NearestName.suggestion(asked, installed) + "; installed: " + String.join(", ", installed)
                        + (why.isEmpty() ? "" : "; " + String.join("; ", why));
    }

    /** {@code "none installed"} and where the missing services may be, for an empty listing. */
    static String listing() {
        return listing(why(null));
    }

    private static String listing(List<String> why) {
        return "none installed" + (why.isEmpty() ? "" : "; " + String.join("; ", why));
    }

    /**
     * "no TYPE service is installed (it comes with the FEATURE feature)", or, when providers are stopped or on their
     * way ({@code stop 19}), "no TYPE service is active (…); stopped: … (bundle 19); 'start ID' starts one".
     */
    static String service(String type, String feature) {
        return service(type, feature, why(null));
    }

    static String service(String type, String feature, List<String> why) {
        return "no " + type + " service is " + (why.isEmpty() ? "installed" : "active") + " (it comes with the " + feature
                + " feature)" + (why.isEmpty() ? "" : "; " + String.join("; ", why));
    }

    /** How long after its last install or update an active bundle may still be registering its services. */
    static final long SETTLING_MILLIS = 10_000;

    /** A bundle's services, as bnd declares its components' in Provide-Capability: osgi.service;objectClass:List<String>="a,b". */
    private static final java.util.regex.Pattern SERVICES = java.util.regex.Pattern.compile(
            "osgi\\.service;[^,]*?objectClass(?::List<String>)?=\"([^\"]*)\"");

    /** The start of the location of the bundles the launcher installs (its features'), all started before a command runs. */
    private static final String LAUNCHER_LOCATION = "plate:";

    /**
     * A bundle that declares Declarative Services components, as {@link #why(String, List)} reads it: {@code deployed}
     * when something other than the launcher installed it (the --deploy folder, Gogo's {@code install});
     * {@code persistentlyStarted} false when it was stopped ({@code stop 21}: after a refresh Felix leaves it
     * INSTALLED, unresolved, until {@code start 21}); {@code services} the service types its Provide-Capability
     * header declares (empty when it declares none: it may provide anything).
     */
    record Provider(String name, String version, long id, int state, boolean deployed, long sinceModifiedMillis,
            boolean persistentlyStarted, java.util.Set<String> services) {
        String named() {
            return name + " " + version + " (bundle " + id + ")";
        }

        /** Whether this bundle may provide a {@code kind} service (null: any kind asked). */
        boolean mayProvide(Class<?> kind) {
            return kind == null || services.isEmpty() || services.contains(kind.getName());
        }
    }

    /** The service types a bundle's Provide-Capability header declares. */
    static java.util.Set<String> services(String provideCapability) {
        java.util.Set<String> out = new java.util.TreeSet<>();
        if (provideCapability != null) {
            java.util.regex.Matcher m = SERVICES.matcher(provideCapability);
            while (m.find()) {
                for (String type : m.group(1).split(",")) {
                    out.add(type.trim());
                }
            }
        }
        return out;
    }

    private static List<String> why(Class<?> kind) {
        return why(kind, false);
    }

    /** {@code noneOfKind}: no service of {@code kind} is there, so in Karaf its feature may have been uninstalled. */
    private static List<String> why(Class<?> kind, boolean noneOfKind) {
        Bundle self = FrameworkUtil.getBundle(Missing.class);
        BundleContext context = self == null ? null : self.getBundleContext();
        if (context == null) {
            return new ArrayList<>(); // not in a framework (unit tests)
        }
        List<Provider> providers = new ArrayList<>();
        long now = System.currentTimeMillis();
        for (Bundle b : context.getBundles()) {
            // a provider declares its learners and samplers as components: other bundles (Gogo's JLine
            // bundle, which the launcher starts only for a program that needs it) are not named
            if (b.getHeaders().get(Constants.FRAGMENT_HOST) == null && b.getHeaders().get(SERVICE_COMPONENT) != null) {
                org.osgi.framework.startlevel.BundleStartLevel level =
                        b.adapt(org.osgi.framework.startlevel.BundleStartLevel.class);
                providers.add(new Provider(b.getSymbolicName(), String.valueOf(b.getVersion()), b.getBundleId(),
                        b.getState(), !b.getLocation().startsWith(LAUNCHER_LOCATION), now - b.getLastModified(),
                        level == null || level.isPersistentlyStarted(),
                        services(b.getHeaders().get(Constants.PROVIDE_CAPABILITY))));
            }
        }
        List<String> why = why(context.getProperty(LEFT_OUT), providers, kind);
        if (why.isEmpty() && noneOfKind && context.getProperty(KARAF_BASE) != null) {
            // none of the kind and none on its way: the user uninstalled the feature
            karafFeature(kind).ifPresent(f -> why.add("in Karaf, 'feature:install " + f + "' installs them"));
        }
        return why;
    }

    /** Set by Karaf: a host whose user installs Plate's bundles as features ({@code feature:install}). */
    private static final String KARAF_BASE = "karaf.base";

    /**
     * Plate's features that bring services of {@code kind}, the main one first (features/*.json): samplers come with
     * plate-samplers only; learners with plate-classifier, and nb.sparse with plate-samplers. Absent for another kind.
     */
    static java.util.Optional<List<String>> featuresBringing(Class<?> kind) {
        if (kind == io.plate.api.sample.Sampler.class) {
            return java.util.Optional.of(List.of("plate-samplers"));
        }
        return kind == io.plate.api.learn.Learner.class ? java.util.Optional.of(List.of("plate-classifier", "plate-samplers"))
                : java.util.Optional.empty();
    }

    /** The Karaf feature of Plate's that brings services of {@code kind} (none for another kind or null). */
    static java.util.Optional<String> karafFeature(Class<?> kind) {
        return featuresBringing(kind).map(f -> f.get(0));
    }

    static List<String> why(String leftOut, List<Provider> providers) {
        return why(leftOut, providers, null);
    }

    /**
     * Where a missing learner or sampler may be: providers between revisions (being installed, updated or
     * started, or deployed and active so recently that their components may still be registering one at a time), stopped
     * providers, and the features {@code --features} left out ({@code leftOut}, comma-separated). The features
     * are named only when no provider is on its way: a bundle of a left-out feature dropped into the --deploy
     * folder is installed, and the name is missing because it is still starting. A bundle stopped and then
     * refreshed is INSTALLED, as one on its way, but not persistently started: it is named as stopped. Only the
     * bundles that may provide a {@code kind} service are named (null: any kind).
     */
    static List<String> why(String leftOut, List<Provider> providers, Class<?> kind) {
        List<String> why = new ArrayList<>();
        List<String> stopped = new ArrayList<>();
        for (Provider p : providers) {
            if (!p.mayProvide(kind)) {
                continue; // a sampler bundle for a missing learner
            }
            // stopped, then refreshed: unresolved, and it stays so until started
            int state = p.state() == Bundle.INSTALLED && !p.persistentlyStarted() ? Bundle.RESOLVED : p.state();
            switch (state) {
                case Bundle.INSTALLED -> why.add(p.named() + " is installed but not active (not resolved yet: being"
                        + " installed or updated?); try again in a moment");
                case Bundle.STARTING -> why.add(p.named() + " is starting; try again in a moment");
                case Bundle.STOPPING -> why.add(p.named() + " is stopping (being updated or uninstalled?)");
                case Bundle.RESOLVED -> stopped.add(p.name() + " (bundle " + p.id() + ")");
                case Bundle.ACTIVE -> {
                    if (p.deployed() && p.sinceModifiedMillis() < SETTLING_MILLIS) {
                        why.add(p.named() + " was installed or updated " + String.format(java.util.Locale.ROOT,
                                "%.1f", p.sinceModifiedMillis() / 1000.0) + " s ago and may still be registering its"
                                + " services one at a time; try again in a moment");
                    }
                }
                default -> {
                    // UNINSTALLED: gone
                }
            }
        }
        // only the left-out features that bring the kind asked for: plate-classifier holds no sampler
        List<String> features = leftOut == null ? List.of() : java.util.Arrays.stream(leftOut.split(","))
                .filter(f -> !f.isBlank() && featuresBringing(kind).map(k -> k.contains(f)).orElse(true)).toList();
        if (why.isEmpty() && !features.isEmpty()) {
            why.add("--features left out " + String.join(", ", features));
        }
        if (!stopped.isEmpty()) {
            why.add("stopped: " + String.join(", ", stopped) + "; 'start ID' starts one");
        }
        return why;
    }
}
