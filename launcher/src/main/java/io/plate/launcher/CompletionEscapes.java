package io.plate.launcher;

import java.lang.reflect.Proxy;

/**
 * Tab on a name with a space in the interactive shell (a folder {@code my data/}): Gogo JLine 1.1.8 escapes the
 * completed word by indexes that drift after the first backslash it inserts ({@code ParsedLineImpl.escape} reads the
 * candidate at the index of its growing copy), so the line reader threw {@code StringIndexOutOfBoundsException} and
 * the shell ended with status 1, the session's datasets and models with it. This puts a parser in front of Gogo's in
 * the line reader whose completing lines escape a word as Gogo means to: a backslash before each blank (and each
 * character Gogo reads as syntax), or, in a word opened with a quote, before that quote, the word then opened (and,
 * when complete, closed) with it. Every
 * other parse (the accepted line, which Gogo's shell reads as its own class) is Gogo's own. By reflection: Gogo and
 * JLine are bundles the launcher does not link against.
 */
final class CompletionEscapes {
    private CompletionEscapes() {
    }

    /** Puts the parser in front of the line reader's (Gogo's); a reader that has it already is left as it is. */
    static void install(Object lineReader) throws ReflectiveOperationException {
        Object gogo = lineReader.getClass().getMethod("getParser").invoke(lineReader);
        if (gogo == null || Proxy.isProxyClass(gogo.getClass())) {
            return;
        }
        Class<?> parserType = lineReader.getClass().getClassLoader().loadClass("org.jline.reader.Parser");
        lineReader.getClass().getMethod("setParser", parserType).invoke(lineReader, parser(gogo, parserType));
    }

    /** {@code gogo} (a JLine {@code Parser}) with its completing lines escaped right. */
    static Object parser(Object gogo, Class<?> parserType) throws ClassNotFoundException {
        ClassLoader loader = parserType.getClassLoader();
        Class<?> completing = loader.loadClass("org.jline.reader.CompletingParsedLine");
        return Proxy.newProxyInstance(loader, new Class<?>[] {parserType}, (proxy, m, a) -> {
            Object line = Delegating.call(m, proxy, gogo, a);
            boolean completion = m.getName().equals("parse") && a != null && a.length == 3
                    && "COMPLETE".equals(String.valueOf(a[2]));
            return completion && completing.isInstance(line) ? completingLine(line, completing) : line;
        });
    }

    /**
     * {@code line} (Gogo's) with {@link #escape} in place of its own, and its word cursor counted in the word as read
     * ({@code my data/}): Gogo counts it in the word as typed ({@code my\ data/}), past the word's end, and JLine's file
     * completion cut the word there (the next Tab threw in the same way).
     */
    private static Object completingLine(Object line, Class<?> completing) {
        return Proxy.newProxyInstance(completing.getClassLoader(), new Class<?>[] {completing}, (proxy, m, a) -> {
            if (m.getName().equals("escape") && a != null && a.length == 2) {
                return escape((CharSequence) a[0], (Boolean) a[1], rawWord(line, completing));
            }
            if (m.getName().equals("wordCursor") && m.getParameterCount() == 0) {
                String raw = rawWord(line, completing);
                int typed = Math.min(raw.length(), (Integer) completing.getMethod("rawWordCursor").invoke(line));
                String word = (String) completing.getMethod("word").invoke(line);
                return Math.min(word.length(), readLength(raw.substring(0, typed)));
            }
            return Delegating.call(m, proxy, line, a);
        });
    }

    /** How many characters {@code typed} (the start of a word) is as Gogo reads it: without its quotes and backslashes. */
    static int readLength(String typed) {
        int n = 0;
        char quote = 0;
        for (int i = 0; i < typed.length(); i++) {
            char c = typed.charAt(i);
            if (c == '\\' && i + 1 < typed.length()) {
                i++; // the escaped character is one
                n++;
            } else if (quote == 0 && (c == '\'' || c == '"')) {
                quote = c;
            } else if (c == quote) {
                quote = 0;
            } else {
                n++;
            }
        }
        return n;
    }

    /** The word under the cursor as typed, quotes included: where Gogo's escape reads whether it was opened with one. */
    private static String rawWord(Object line, Class<?> completing) throws ReflectiveOperationException {
        String text = (String) completing.getMethod("line").invoke(line);
        int start = (Integer) completing.getMethod("cursor").invoke(line)
                - (Integer) completing.getMethod("rawWordCursor").invoke(line);
        int end = start + (Integer) completing.getMethod("rawWordLength").invoke(line);
        return start < 0 || end > text.length() || start > end ? "" : text.substring(start, end);
    }

    /**
     * What a word not in quotes escapes: Gogo's blanks, and what would open a quote, a variable, a block or a pipe
     * (Gogo escaped only the blanks, so Tab on {@code it's.csv} left an open quote). A backslash before any of them
     * reads back as the character.
     */
    private static final String UNQUOTED_SPECIAL = " \t'\"$;{}()[]|&<>";

    /**
     * {@code candidate} as Gogo's shell reads it back: after {@code '} its quotes escaped, after {@code "} its double
     * quotes, else its blanks and what Gogo reads as syntax; a quoted word is opened with its quote and, when
     * {@code complete}, closed.
     */
    static CharSequence escape(CharSequence candidate, boolean complete, CharSequence rawWord) {
        char quote = rawWord.length() > 0 && (rawWord.charAt(0) == '\'' || rawWord.charAt(0) == '"') ? rawWord.charAt(0) : 0;
        StringBuilder s = new StringBuilder();
        if (quote != 0) {
            s.append(quote);
        }
        for (int i = 0; i < candidate.length(); i++) {
            char c = candidate.charAt(i);
            if (quote != 0 ? c == quote : UNQUOTED_SPECIAL.indexOf(c) >= 0) {
                s.append('\\');
            }
            s.append(c);
        }
        if (quote != 0 && complete) {
            s.append(quote);
        }
        return s;
    }
}
