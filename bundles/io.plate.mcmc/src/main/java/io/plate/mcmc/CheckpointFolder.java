package io.plate.mcmc;

import io.plate.api.io.AtomicFiles;
import io.plate.api.sample.CheckpointStore;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** Checkpoints in a local folder, each file written by {@link AtomicFiles} (whole or not at all). */
public final class CheckpointFolder implements CheckpointStore {
    private final Path dir;

    public CheckpointFolder(Path dir) {
        this.dir = dir.toAbsolutePath().normalize();
    }

    @Override
    public void write(String name, AtomicFiles.Body body) throws IOException {
        AtomicFiles.write(dir.resolve(name), body);
    }

    @Override
    public InputStream open(String name) throws IOException {
        return Files.newInputStream(dir.resolve(name));
    }

    @Override
    public List<String> list() throws IOException {
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.filter(p -> Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS))
                    .map(p -> p.getFileName().toString()).filter(n -> !n.startsWith(".")).sorted().toList();
        } catch (NoSuchFileException e) {
            return List.of();
        }
    }

    @Override
    public void delete(String name) throws IOException {
        Files.deleteIfExists(dir.resolve(name));
    }

    @Override
    public String where(String name) {
        return dir.resolve(name).toString();
    }

    @Override
    public String toString() {
        return dir.toString();
    }
}
