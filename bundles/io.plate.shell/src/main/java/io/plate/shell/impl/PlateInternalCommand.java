package io.plate.shell.impl;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.osgi.service.component.annotations.ComponentPropertyType;

/**
 * Which of a command component's {@link PlateCommand} functions the shell profile calls for itself
 * (service property {@code plate.internal.command}): {@code plate:banner}, {@code plate:names},
 * {@code plate:completions}. They run and have help like the others, but {@code help} does not list them
 * and no "did you mean" names them; in a console whose help is not Plate's (Apache Karaf's) they are not
 * registered at all ({@link CommandFunctions}).
 */
@ComponentPropertyType
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface PlateInternalCommand {
    /** The internal functions, as after {@code plate:}; each is one of the component's {@link PlateCommand}s. */
    String[] value();
}
