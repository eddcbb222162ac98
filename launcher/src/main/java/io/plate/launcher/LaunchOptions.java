package io.plate.launcher;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The launcher's command line:
 * {@code java -jar plate.jar [--features a,b] [--deploy DIR] [-c "COMMANDS"]… [SCRIPT.gosh]}.
 * {@code --version} is {@code -c plate:version} alone (the rest is left, as with {@code --help}).
 */
final class LaunchOptions {
    /** What {@code --version} runs. */
    static final String VERSION_COMMAND = "plate:version";
    final List<String> commands = new ArrayList<>();
    List<String> features = List.of();
    Path deploy;
    Path config;
    Path script;
    boolean help;
    boolean quiet;

    /** The long options, for the "did you mean" of one that is not. */
    private static final List<String> OPTIONS = List.of("--command", "--features", "--deploy", "--config", "--quiet",
            "--help", "--version");

    static LaunchOptions parse(String[] args) {
        LaunchOptions o = new LaunchOptions();
        boolean version = false;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            switch (a) {
                case "-c":
                case "--command":
                    o.commands.add(value(args, ++i, a));
                    break;
                case "--features":
                case "-f":
                    List<String> fs = new ArrayList<>();
                    for (String f : value(args, ++i, a).split(",")) {
                        if (!f.isBlank()) {
                            fs.add(f.trim());
                        }
                    }
                    if (fs.isEmpty()) {
                        throw new IllegalArgumentException("--features needs at least one feature name");
                    }
                    o.features = fs;
                    break;
                case "--deploy":
                case "-d":
                    o.deploy = Path.of(value(args, ++i, a));
                    break;
                case "--config":
                    o.config = Path.of(value(args, ++i, a));
                    break;
                case "-q":
                case "--quiet":
                    o.quiet = true;
                    break;
                case "-h":
                case "--help":
                    o.help = true;
                    break;
                case "-V":
                case "--version":
                    version = true;
                    break;
                default:
                    if (a.startsWith("-")) {
                        String near = io.plate.api.text.NearestName.suggestion(a.replaceFirst("=.*", ""), OPTIONS);
                        throw new IllegalArgumentException("unknown option '" + a + "'" + (near.isEmpty() ? " (see --help)"
                                : near.substring(0, near.length() - 1) + "; see --help)"));
                    }
                    if (o.script != null) {
                        throw new IllegalArgumentException("only one script may be given, got '" + o.script
                                + "' and '" + a + "'");
                    }
                    o.script = Path.of(a);
            }
        }
        if (version) {
            o.script = null;
            o.commands.clear();
            o.commands.add(VERSION_COMMAND);
        }
        if (o.script != null && !o.commands.isEmpty()) {
            throw new IllegalArgumentException("give either -c COMMANDS or a SCRIPT, not both");
        }
        return o;
    }

    private static String value(String[] args, int i, String option) {
        if (i >= args.length) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return args[i];
    }

    boolean interactive() {
        return script == null && commands.isEmpty();
    }

    /** The help: lines under 80 characters, so that a terminal of 80 columns breaks none. */
    static String usage() {
        return String.join("\n",
                "usage: java -jar plate.jar [options] [SCRIPT.gosh]",
                "",
                "  (no script, no -c)   the interactive Gogo shell (g! prompt) when standard",
                "                       input is a terminal; else the commands on standard",
                "                       input, run as a script",
                "  SCRIPT.gosh          run a Gogo script and exit",
                "  -c, --command CMDS   run commands and exit (repeatable; each is one Gogo",
                "                       program)",
                "  -f, --features a,b   install only these features (default: all; plate-core",
                "                       always)",
                "  -d, --deploy DIR     watch DIR: bundles dropped in are installed, updated,",
                "                       removed",
                "  --config FILE        command defaults (seed, chains, iterations, burn.in,",
                "                       thin, output.folder) as key = value lines, through",
                "                       Configuration Admin",
                "  -q, --quiet          no banner",
                "  -V, --version        print the version (what plate:version prints) and exit",
                "  -h, --help           this help",
                "",
                "Exit status: 0 when every command succeeded, 1 when one failed, 2 on a launcher",
                "error; 'exit N' ends a script, -c or the shell with status N.",
                "");
    }
}
