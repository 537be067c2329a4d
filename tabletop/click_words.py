"""click's own words a user of the kit can meet, listed so they are extracted into our catalog.

click looks them up with gettext when it shows them; while a command of the kit runs, those look-ups
answer from our catalog (`tabletop.click_internals`). The English must match click's message ids
exactly; `tests/tabletop/test_click_words.py` names any word click asks for that is missing here.
"""
from tabletop.i18n import N_, ngettext

WORDS = (
    # help pages
    N_("Usage:"), N_("Options"), N_("Commands"), N_("Positional arguments"),
    N_("Show this message and exit."), N_("Show the version and exit."), N_("%(prog)s, version %(version)s"),
    N_("default: {default}"), N_("required"), N_("env var: {var}"), N_("(dynamic)"), N_("deprecated"),
    # usage errors
    N_("Error: {message}"), N_("Try '{command} {option}' for help."), N_("Missing command."),
    N_("Invalid value: {message}"), N_("Invalid value for {param_hint}: {message}"),
    N_("Missing argument"), N_("Missing option"), N_("Missing parameter"), N_("Missing {param_type}"),
    N_("Missing parameter: {param_name}"), N_("No such option {name!r}."), N_("No such command {name!r}."),
    N_("Invalid start character for option ({option})"), N_("Argument {name!r} takes {nargs} values."),
    N_("Option {name!r} does not take a value."), N_("Value must be an iterable."),
    N_("Choose from:\n\t{choices}"),
    # values of typed options
    N_("{value!r} is not a valid {number_type}."), N_("{value} is not in the range {range}."),
    N_("{value!r} is not a valid boolean. Recognized values: {states}"), N_("{value!r} is not a valid UUID."),
    # click names a path's kind ("file", "directory") when an option is defined, not when it is shown, so
    # those names are left out of the catalog: they stay English like the other placeholders (TEXT,
    # INTEGER), and the Japanese of the messages below does without them.
    N_("{name} {filename!r} does not exist."), N_("{name} {filename!r} is a file."),
    N_("{name} {filename!r} is a directory."), N_("{name} {filename!r} is not readable."),
    N_("{name} {filename!r} is not writable."), N_("{name} {filename!r} is not executable."),
    N_("Could not open file {filename!r}: {message}"), N_("unknown error"),
    # prompts
    N_("Aborted!"), N_("Do you want to continue?"), N_("Confirm the action without prompting."),
    N_("Repeat for confirmation"), N_("Error: The two entered values do not match."), N_("Error: invalid input"),
    N_("Press any key to continue..."),
)


def _plurals() -> None:
    """Never called: marks click's singular/plural pairs for the catalog."""
    ngettext("Got unexpected extra argument ({args})", "Got unexpected extra arguments ({args})", 1)
    ngettext("Takes {nargs} values but 1 was given.", "Takes {nargs} values but {len} were given.", 1)
    ngettext("Did you mean {possibility}?", "(Did you mean one of: {possibilities}?)", 1)
    ngettext("Option {name!r} requires an argument.", "Option {name!r} requires {nargs} arguments.", 1)
    ngettext("{value!r} is not {choice}.", "{value!r} is not one of {choices}.", 1)
    ngettext("{value!r} does not match the format {format}.", "{value!r} does not match the formats {formats}.", 1)
    ngettext("{len_type} values are required, but {len_value} was given.",
             "{len_type} values are required, but {len_value} were given.", 1)
