package io.plate.spark;

import io.plate.api.PlateException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The jar's {@code --master}, checked before Spark starts: its form (Spark logged a stack trace for one it
 * cannot parse, and a 20-line error for {@code local[0]}), the cluster managers this jar carries (YARN and
 * Kubernetes come with spark-submit's Spark, not in the jar), and whether a standalone master can be reached
 * at all (Spark retried for over a minute, logging each attempt, then failed on its stopped context).
 */
final class SparkMaster {
    static final int CONNECT_TIMEOUT_MS = 5_000;
    private static final String EXPECTED = "expected local, local[N], local[*], local[N,F] or spark://HOST:PORT[,HOST:PORT]";
    private static final Pattern LOCAL = Pattern.compile("local(?:\\[(\\d+|\\*)(?:,\\s*(\\d+))?\\])?");
    private static final Pattern LOCAL_CLUSTER = Pattern.compile("local-cluster\\[\\s*\\d+\\s*(,\\s*\\d+\\s*){2}\\]");
    private static final Pattern HOST_PORT = Pattern.compile("([^\\s:,/]+|\\[[0-9a-fA-F:]+\\]):(\\d{1,5})");
    /** A cluster manager Spark finds on its class path, the class it is found by, and its name for the message. */
    private static final String[][] MANAGERS = {
            {"yarn", "org.apache.spark.deploy.yarn.YarnClusterManager", "YARN"},
            {"k8s://", "org.apache.spark.scheduler.cluster.k8s.KubernetesClusterManager", "Kubernetes"}};

    private SparkMaster() {
    }

    /** Why Spark cannot run {@code master} from this jar (a usage error), or null when it can. */
    static String problem(String master) {
        Matcher local = LOCAL.matcher(master);
        if (local.matches()) {
            if ("0".equals(local.group(1)) || "0".equals(local.group(2))) {
                return "--master '" + master + "': " + (local.group(1).equals("0") ? "the number of threads N" : "the failures allowed F")
                        + " must be at least 1";
            }
            return null;
        }
        if (LOCAL_CLUSTER.matcher(master).matches()) {
            return null;
        }
        for (String[] m : MANAGERS) {
            if (master.equals(m[0]) || m[0].endsWith("://") && master.startsWith(m[0])) {
                return present(m[1]) ? null : "--master '" + master + "' needs Spark's " + m[2] + " module, which this jar"
                        + " does not carry: run it with spark-submit --master " + master
                        + " --class io.plate.spark.Main plate-spark.jar …";
            }
        }
        if (master.startsWith("spark://")) {
            return standalone(master) != null ? null : "--master '" + master + "': expected spark://HOST:PORT[,HOST:PORT]";
        }
        return "--master '" + master + "' is not a Spark master URL; " + EXPECTED;
    }

    /**
     * Checks that a standalone master ({@code spark://}) answers on its port; throws naming each that does not
     * when none does. Any other master is not checked.
     */
    static void reach(String master, int timeoutMillis) {
        List<String[]> masters = master.startsWith("spark://") ? standalone(master) : null;
        if (masters == null) {
            return;
        }
        List<String> failures = new ArrayList<>();
        for (String[] hostPort : masters) {
            String why = connect(hostPort[0], Integer.parseInt(hostPort[1]), timeoutMillis);
            if (why == null) {
                return;
            }
            failures.add(hostPort[0] + ":" + hostPort[1] + ": " + why);
        }
        throw new PlateException("cannot reach Spark master " + String.join("; ", failures));
    }

    /** Why a TCP connection to host:port fails, or null when it opens. */
    static String connect(String host, int port, int timeoutMillis) {
        try (Socket s = new Socket()) {
            InetSocketAddress address = new InetSocketAddress(host, port);
            if (address.isUnresolved()) {
                return "unknown host";
            }
            s.connect(address, timeoutMillis);
            return null;
        } catch (UnknownHostException e) {
            return "unknown host";
        } catch (ConnectException e) {
            return "connection refused";
        } catch (SocketTimeoutException e) {
            return "no answer within " + timeoutMillis / 1000 + " s";
        } catch (IOException | IllegalArgumentException e) {
            return e.getMessage();
        }
    }

    /** The (host, port) pairs of a spark:// URL, or null when it has none or a port is out of range. */
    private static List<String[]> standalone(String master) {
        List<String[]> out = new ArrayList<>();
        for (String hostPort : master.substring("spark://".length()).split(",", -1)) {
            Matcher m = HOST_PORT.matcher(hostPort.strip());
            if (!m.matches() || Integer.parseInt(m.group(2)) < 1 || Integer.parseInt(m.group(2)) > 65535) {
                return null;
            }
            out.add(new String[] {m.group(1).replaceAll("^\\[|\\]$", ""), m.group(2)});
        }
        return out;
    }

    private static boolean present(String className) {
        try {
            Class.forName(className, false, SparkMaster.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException e) {
            return false;
        }
    }
}
