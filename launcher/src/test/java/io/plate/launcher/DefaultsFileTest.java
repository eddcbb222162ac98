package io.plate.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The launcher's --config file: what it reads, and the one-line message naming file and line when it cannot. */
class DefaultsFileTest {
    @TempDir
    Path dir;

    private String refusal(Path file) {
        return assertThrows(IllegalArgumentException.class, () -> DefaultsFile.read(file)).getMessage();
    }

    @Test
    void aByteOrderMarkIsSkippedAndTheDeployFilesSeparatorsAreRead() throws IOException {
        // UTF-8 BOM (EF BB BF), then the three separators java.util.Properties (FileInstall) reads
        Path cfg = Files.write(dir.resolve("b.cfg"), new byte[] {(byte) 0xef, (byte) 0xbb, (byte) 0xbf, 's', 'e', 'e', 'd',
                '=', '7', '\n', 'c', 'h', 'a', 'i', 'n', 's', ':', ' ', '3', '\r', '\n', 't', 'h', 'i', 'n', ' ', '2', '\n'});
        assertEquals(Map.of("seed", 7L, "chains", 3, "thin", 2), DefaultsFile.read(cfg));
    }

    @Test
    void aFileThatCannotBeReadIsNamedWithWhatIsWrong() throws IOException {
        // 'café' in Latin-1: the byte E9 alone is no UTF-8
        Path latin = Files.write(dir.resolve("c.cfg"), new byte[] {'#', '\n', 'o', 'u', 't', 'p', 'u', 't', '.', 'f', 'o',
                'l', 'd', 'e', 'r', '=', 'c', 'a', 'f', (byte) 0xe9, '\n'});
        assertEquals(latin + ", line 2: not UTF-8 text; save the file as UTF-8", refusal(latin));
        assertEquals(dir + ": is a folder, not a settings file", refusal(dir));
        // a character that prints as nothing is shown as an escape, not printed raw
        Path nbsp = Files.writeString(dir.resolve("n.cfg"), "se\u00a0ed = 7\n");
        assertEquals(nbsp + ", line 1: unknown setting 'se\\u00a0ed' (did you mean seed?); known: seed, chains, iterations, max.iterations,"
                + " burn.in, thin, output.folder", refusal(nbsp));
        Path chain = Files.writeString(dir.resolve("u.cfg"), "chain=2\n");
        assertEquals(chain + ", line 1: unknown setting 'chain' (did you mean chains?); known: seed, chains, iterations, max.iterations, burn.in,"
                + " thin, output.folder", refusal(chain));
        // a key near none of them is not guessed at
        Path far = Files.writeString(dir.resolve("f.cfg"), "colour=red\n");
        assertEquals(far + ", line 1: unknown setting 'colour'; known: seed, chains, iterations, max.iterations, burn.in,"
                + " thin, output.folder", refusal(far));
    }
}
