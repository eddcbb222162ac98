package io.plate.shell.impl;

import io.plate.api.text.NearestName;
import java.lang.reflect.Array;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.felix.service.command.CommandSession;
import org.apache.felix.service.command.Descriptor;
import org.apache.felix.service.command.Parameter;

/**
 * The command-line shape of one {@code plate:*} command, read from its method's Gogo annotations: its
 * usage line, its help text, and a check of the words a user typed against it that names what is wrong
 * (an unknown option with the nearest known one, an option without its value, a missing or an extra
 * argument) before Gogo would fail with its own {@code Cannot coerce …} message, and the call itself:
 * options and arguments bound to the method's parameters as Gogo binds them, each value converted by
 * the session ({@link CommandSession#convert}, Gogo's own conversion in whichever shell runs it), so the
 * commands need nothing of a particular Gogo runtime.
 */
public final class CommandUsage {
    private final String command;
    private final Method method;
    private final List<Option> options = new ArrayList<>();
    private final List<Positional> positionals = new ArrayList<>();

    private record Option(List<String> names, boolean flag, String present, String absent, String doc) {
        String synopsis() {
            String shortest = names.stream().filter(n -> n.startsWith("--")).findFirst().orElse(names.get(0));
            return flag ? "[" + shortest + "]" : "[" + shortest + " " + metavar(shortest) + "]";
        }
    }

    private record Positional(String name, boolean varargs, String doc) {
    }

    /** The usage of {@code method} run as {@code command} (e.g. {@code plate:import}). */
    public CommandUsage(String command, Method method) {
        this.command = command;
        this.method = method;
        java.lang.reflect.Parameter[] ps = method.getParameters();
        for (int i = 0; i < ps.length; i++) {
            if (ps[i].getType() == CommandSession.class) {
                continue;
            }
            Parameter p = ps[i].getAnnotation(Parameter.class);
            Descriptor d = ps[i].getAnnotation(Descriptor.class);
            String doc = d == null ? "" : d.value();
            if (p != null) {
                options.add(new Option(List.of(p.names()), !Parameter.UNSPECIFIED.equals(p.presentValue()),
                        p.presentValue(), p.absentValue(), doc));
            } else {
                boolean varargs = method.isVarArgs() && i == ps.length - 1;
                positionals.add(new Positional(ps[i].getName().toUpperCase(Locale.ROOT), varargs, doc));
            }
        }
    }

    public Method method() {
        return method;
    }

    /**
     * One line: {@code usage: plate:train [--seed SEED] [--name NAME] LEARNER DATASET [PARAMS...]}; with
     * more than {@value #LISTED} options, {@code [options]} and their names after the arguments.
     */
    public String usage() {
        StringBuilder s = new StringBuilder("usage: ").append(command);
        if (options.size() > LISTED) {
            s.append(" [options]");
        } else {
            for (Option o : options) {
                s.append(' ').append(o.synopsis());
            }
        }
        for (Positional p : positionals) {
            s.append(' ').append(p.varargs ? "[" + p.name + "...]" : p.name);
        }
        if (options.size() > LISTED) {
            List<String> names = new ArrayList<>();
            options.forEach(o -> names.add(o.names.get(o.names.size() - 1)));
            s.append("   (options: ").append(String.join(" ", names)).append("; help ").append(command)
                    .append(" explains them)");
        }
        return s.toString();
    }

    /** Options written out in the usage line; more are only named. */
    static final int LISTED = 4;

    /**
     * The gosh {@code complete} lines that offer every option of this command (the options of its usage
     * line and help, from the same parameters), each while it is not given yet, with its description.
     */
    /** Options whose values are names Plate knows ({@code plate:names KIND}), by long name. */
    private static final java.util.Map<String, String> VALUE_NAMES = java.util.Map.of("--format", "importers");

    public List<String> completions() {
        List<String> lines = new ArrayList<>();
        for (Option o : options) {
            StringBuilder l = new StringBuilder("complete -c ").append(command);
            String longest = o.names.get(o.names.size() - 1);
            for (String n : o.names) {
                if (n.startsWith("--")) {
                    l.append(" -l ").append(n.substring(2));
                    longest = n;
                } else if (n.startsWith("-") && n.length() == 2) {
                    l.append(" -s ").append(n.substring(1));
                }
            }
            l.append(" --description ").append(goshQuoted(firstSentence(o.doc)));
            String kind = VALUE_NAMES.get(longest);
            if (kind != null) { // the option's value completes from plate:names (JLine offered files)
                l.append(" -a 'plate:names ").append(kind).append('\'');
            }
            l.append(" -n '__option_not_present ").append(longest).append('\'');
            lines.add(l.toString());
        }
        return lines;
    }

    /** The description up to its first ';' or '(' (completion lists show one short line). */
    private static String firstSentence(String doc) {
        int cut = doc.length();
        for (char c : new char[] {';', '('}) {
            int i = doc.indexOf(c);
            if (i > 0 && i < cut) {
                cut = i;
            }
        }
        return doc.substring(0, cut).strip();
    }

    /**
     * {@code text} in double quotes for gosh: '"' and '$' escaped, a backslash as '/'; a single quote, which gosh's tokenizer
     * takes as the start of a quote even inside double quotes, becomes a typographic apostrophe.
     */
    static String goshQuoted(String text) {
        StringBuilder q = new StringBuilder("\"");
        for (char c : text.toCharArray()) {
            switch (c) {
                case '"', '$' -> q.append('\\').append(c);
                case '\\' -> q.append('/'); // gosh drops an escaped backslash
                case '\'' -> q.append('\u2019');
                default -> q.append(c);
            }
        }
        return q.append('"').toString();
    }

    /** What {@code help COMMAND} prints: the description, the usage line, the arguments and options. */
    public String help() {
        StringBuilder s = new StringBuilder(command);
        Descriptor d = method.getAnnotation(Descriptor.class);
        if (d != null) {
            s.append(" - ").append(d.value());
        }
        s.append('\n').append(usage()).append('\n');
        if (!positionals.isEmpty()) {
            s.append("arguments:\n");
            for (Positional p : positionals) {
                s.append("  ").append(p.varargs ? p.name + "..." : p.name).append("   ").append(p.doc).append('\n');
            }
        }
        if (!options.isEmpty()) {
            s.append("options:\n");
            for (Option o : options) {
                s.append("  ").append(String.join(", ", o.names));
                if (!o.flag) {
                    s.append(' ').append(metavar(o.names.get(o.names.size() - 1)));
                }
                s.append("   ").append(o.doc).append('\n');
            }
        }
        return s.toString();
    }

    /** The help of a command with these usages (one per method of its name), as {@code help plate:X} and {@code plate:X --help} print it. */
    public static String help(List<CommandUsage> usages) {
        StringBuilder s = new StringBuilder();
        for (CommandUsage u : usages) {
            s.append(s.length() == 0 ? "" : "\n").append(u.help());
        }
        return s.toString();
    }

    /** The words that ask a command for its help instead of running it, unless the command has an option of that name. */
    private static final List<String> HELP_WORDS = List.of("--help", "-h");

    /**
     * Whether {@code args} ask for this command's help: {@code --help} or {@code -h} anywhere as an option word
     * (not as the value of an option), as Karaf's console and most command-line tools take it.
     */
    public boolean asksForHelp(List<Object> args) {
        for (int i = 0; i < args.size(); i++) {
            Object a = args.get(i);
            if (!isOptionWord(a)) {
                continue;
            }
            Option o = option(a.toString());
            if (o == null && HELP_WORDS.contains(a.toString())) {
                return true;
            }
            if (o != null && !o.flag) {
                i++;
            }
        }
        return false;
    }

    /** The parameter names of the learner ({@code kind} LEARNER) or sampler (SAMPLER) named {@code name}; empty when none. */
    @FunctionalInterface
    public interface ParameterNames {
        /** Knows no learner or sampler. */
        ParameterNames NONE = (kind, name) -> java.util.Set.of();

        java.util.Set<String> of(String kind, String name);
    }

    /**
     * What is wrong with {@code args} for this command, or {@code null} when they fit its shape (Gogo may
     * still find a value it cannot convert; the command itself checks values).
     */
    public String problem(List<Object> args) {
        return problem(args, ParameterNames.NONE);
    }

    /**
     * As {@link #problem(List)}; an unknown option {@code --NAME} that is a parameter of the learner or sampler
     * named by the command's first argument ({@code parameters}) is answered with its {@code NAME=VALUE} form.
     */
    public String problem(List<Object> args, ParameterNames parameters) {
        args = endOfOptions(args);
        int given = 0;
        List<Option> named = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            Object a = args.get(i);
            if (a instanceof java.util.Collection<?> files) {
                // Gogo expands a word with * or ? to the files it matches, and passes them as a list
                return command + ": a word matched " + files.size() + " files (" + String.join(", ",
                        files.stream().limit(3).map(String::valueOf).toList()) + (files.size() > 3 ? ", …" : "")
                        + "); give one name, or quote a word with * or ? that is not a file pattern";
            }
            if (isOptionWord(a)) {
                String w = a.toString();
                Option o = option(w);
                if (o == null) {
                    String asParameter = asParameter(args, i, parameters);
                    if (asParameter != null) {
                        return command + ": parameters are NAME=VALUE: " + asParameter;
                    }
                    List<String> near = nearest(w);
                    return command + ": unknown option '" + w + "'"
                            + (near.isEmpty() ? "" : " (did you mean " + NearestName.either(near) + "?)");
                }
                if (named.contains(o)) {
                    return command + ": option " + w + " given twice";
                }
                named.add(o);
                if (!o.flag) {
                    if (i + 1 >= args.size()) {
                        return command + ": option " + w + " needs a value";
                    }
                    i++;
                }
                continue;
            }
            given++;
        }
        int required = 0;
        boolean varargs = false;
        for (Positional p : positionals) {
            if (p.varargs) {
                varargs = true;
            } else {
                required++;
            }
        }
        if (given < required) {
            Positional missing = positionals.get(given);
            return command + ": missing " + missing.name + (missing.doc.isEmpty() ? "" : " (" + missing.doc + ")");
        }
        if (given > required && !varargs) {
            int extra = -1;
            int seen = 0;
            for (int i = 0; i < args.size() && extra < 0; i++) {
                Object a = args.get(i);
                if (isOptionWord(a)) {
                    Option o = option(a.toString());
                    if (o != null && !o.flag) {
                        i++;
                    }
                } else if (seen++ == required) {
                    extra = i;
                }
            }
            int flag = flagGivenAValue(args, extra);
            if (flag >= 0) { // --stop-words english: scikit-learn's stop_words='english' spelled as an option
                String w = args.get(flag).toString();
                return command + ": " + w + " is a flag and takes no value, not '" + args.get(flag + 1) + "': give " + w
                        + " alone (" + option(w).doc + ")";
            }
            return command + ": unexpected argument '" + args.get(extra) + "'"
                    + (required == 0 ? " (it takes none)" : " (it takes " + required + ")");
        }
        return null;
    }

    /**
     * Where the flag is that a word one too many follows, as if it took a value: the word at {@code extra}, or
     * else the first word after a flag (the value took an argument's place); -1 when no flag is followed by a word.
     */
    private int flagGivenAValue(List<Object> args, int extra) {
        int first = -1;
        for (int i = 0; i + 1 < args.size(); i++) {
            Option o = isOptionWord(args.get(i)) ? option(args.get(i).toString()) : null;
            if (o != null && !o.flag) {
                i++;
            } else if (o != null && !isOptionWord(args.get(i + 1))) {
                if (i + 1 == extra) {
                    return i;
                }
                first = first < 0 ? i : first;
            }
        }
        return first;
    }

    /**
     * Calls the method on {@code target} with {@code args}, which must fit ({@link #problem} is null): an
     * option takes the word after it (a flag its present value), an absent option its absent value, the
     * other words fill the arguments in order and the rest goes to the varargs array; a parameter of type
     * {@link CommandSession} gets {@code session}. A failure of the method is thrown as it is.
     */
    public Object invoke(CommandSession session, Object target, List<Object> args) throws Exception {
        args = endOfOptions(args);
        Map<Option, Object> given = new HashMap<>();
        List<Object> words = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            Object a = args.get(i);
            Option o = isOptionWord(a) ? option(a.toString()) : null;
            if (o == null) {
                words.add(a);
            } else {
                given.put(o, o.flag ? o.present : args.get(++i));
            }
        }
        java.lang.reflect.Parameter[] ps = method.getParameters();
        Object[] values = new Object[ps.length];
        int next = 0;
        int option = 0;
        int positional = 0;
        for (int i = 0; i < ps.length; i++) {
            Class<?> type = ps[i].getType();
            if (type == CommandSession.class) {
                values[i] = session;
            } else if (ps[i].isAnnotationPresent(Parameter.class)) {
                Option o = options.get(option++);
                String name = o.names.get(o.names.size() - 1);
                values[i] = convert(session, type, given.containsKey(o) ? given.get(o) : o.absent, name);
            } else if (positionals.get(positional).varargs) {
                String name = positionals.get(positional++).name;
                Object array = Array.newInstance(type.getComponentType(), words.size() - next);
                for (int j = 0; next < words.size(); j++) {
                    Array.set(array, j, convert(session, type.getComponentType(), words.get(next++), name));
                }
                values[i] = array;
            } else {
                values[i] = convert(session, type, words.get(next++), positionals.get(positional++).name);
            }
        }
        try {
            return method.invoke(target, values);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof Exception cause) {
                throw cause;
            }
            throw e;
        }
    }

    /** {@code value} as a {@code type}, converted by the session as Gogo converts arguments. */
    private Object convert(CommandSession session, Class<?> type, Object value, String name) {
        Object v = value instanceof CharSequence ? value.toString() : value;
        if (v == null || type.isInstance(v)) {
            if (v == null && type.isPrimitive()) {
                throw new CommandException(command + ": " + name + " needs a value\n" + usage());
            }
            return v;
        }
        try {
            return session.convert(type, v);
        } catch (IllegalArgumentException e) {
            throw new CommandException(command + ": " + name + " must be " + (type.isPrimitive() ? "" : "a ")
                    + type.getSimpleName() + ", not '" + v + "'\n" + usage(), e);
        }
    }

    /**
     * {@code NAME=VALUE} for the option word at {@code at} ({@code --NAME VALUE} or {@code --NAME=VALUE}) when
     * this command takes {@code LEARNER|SAMPLER … PARAMS...} and NAME is a parameter of the one named; else null.
     */
    private String asParameter(List<Object> args, int at, ParameterNames parameters) {
        if (positionals.isEmpty() || !positionals.get(positionals.size() - 1).varargs) {
            return null;
        }
        String kind = positionals.get(0).name;
        Object named = firstWord(args);
        if (!(kind.equals("LEARNER") || kind.equals("SAMPLER")) || named == null) {
            return null;
        }
        String bare = args.get(at).toString().replaceFirst("^-+", "");
        int eq = bare.indexOf('=');
        String name = eq < 0 ? bare : bare.substring(0, eq);
        if (!parameters.of(kind, named.toString()).contains(name)) {
            return null;
        }
        String value = eq >= 0 ? bare.substring(eq + 1)
                : at + 1 < args.size() && !isOptionWord(args.get(at + 1)) ? String.valueOf(args.get(at + 1)) : "VALUE";
        return name + "=" + value;
    }

    /** The first argument word (known options' values skipped), or null. */
    private Object firstWord(List<Object> args) {
        for (int i = 0; i < args.size(); i++) {
            Object a = args.get(i);
            if (!isOptionWord(a)) {
                return a;
            }
            Option o = option(a.toString());
            if (o != null && !o.flag) {
                i++;
            }
        }
        return null;
    }

    /**
     * {@code args} without the word {@code --} that ends the options (POSIX): each word after it is an argument
     * even when it starts with '-' ({@code plate:import -- -dash.csv}), marked as a {@link Literal}. The first
     * {@code --} that is not an option's value counts; without one, {@code args} as they are.
     */
    private List<Object> endOfOptions(List<Object> args) {
        for (int i = 0; i < args.size(); i++) {
            Object a = args.get(i);
            if ("--".equals(a instanceof CharSequence ? a.toString() : null)) {
                List<Object> out = new ArrayList<>(args.subList(0, i));
                args.subList(i + 1, args.size()).forEach(w -> out.add(w instanceof CharSequence ? new Literal(w.toString()) : w));
                return out;
            }
            Option o = isOptionWord(a) ? option(a.toString()) : null;
            if (o != null && !o.flag) {
                i++; // its value, which may be "--"
            }
        }
        return args;
    }

    /** A word after {@code --}: an argument, never an option, whatever it starts with. */
    record Literal(String text) implements CharSequence {
        @Override
        public int length() {
            return text.length();
        }

        @Override
        public char charAt(int index) {
            return text.charAt(index);
        }

        @Override
        public CharSequence subSequence(int start, int end) {
            return text.subSequence(start, end);
        }

        @Override
        public String toString() {
            return text;
        }
    }

    private static boolean isOptionWord(Object a) {
        if (!(a instanceof CharSequence) || a instanceof Literal) {
            return false;
        }
        String w = a.toString();
        return w.length() > 1 && w.charAt(0) == '-' && !Character.isDigit(w.charAt(1)) && w.charAt(1) != '.';
    }

    private Option option(String word) {
        for (Option o : options) {
            if (o.names.contains(word)) {
                return o;
            }
        }
        return null;
    }

    /** Whether {@code word} is one of the command's flags (an option that takes no value). */
    boolean isFlag(String word) {
        return options.stream().anyMatch(o -> o.flag && o.names.contains(word));
    }

    /** The option names {@code word} begins, else the one closest to it if close enough to be a typo ({@link NearestName}). */
    List<String> nearest(String word) {
        List<String> names = new ArrayList<>();
        for (Option o : options) {
            names.addAll(o.names);
        }
        return NearestName.all(word, names);
    }

    /** Levenshtein distance ({@link NearestName#distance}). */
    static int distance(String a, String b) {
        return NearestName.distance(a, b);
    }

    private static String metavar(String name) {
        return name.replaceFirst("^-+", "").toUpperCase(Locale.ROOT).replace('-', '_');
    }
}
