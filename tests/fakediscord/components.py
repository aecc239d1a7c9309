"""Message components as the fake sees them: parsing for tests, validation like Discord's.

Discord rejects malformed payloads with ``400 {"code": 50035, "message": "Invalid Form Body",
"errors": {...}}``; the fake does the same for classic action rows and for components v2 layouts
(what may nest in what, the 40-component and 4000-character budgets, ``attachment://`` media that
must name a real attachment, the flag that an edit cannot remove), and ``50006`` for empty
messages.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

JSON = dict[str, Any]

# Component types (discord.enums.ComponentType)
ACTION_ROW = 1
BUTTON = 2
STRING_SELECT = 3
TEXT_INPUT = 4
USER_SELECT = 5
ROLE_SELECT = 6
MENTIONABLE_SELECT = 7
CHANNEL_SELECT = 8
SECTION = 9
TEXT_DISPLAY = 10
THUMBNAIL = 11
MEDIA_GALLERY = 12
FILE = 13
SEPARATOR = 14
CONTAINER = 17
LABEL = 18
SELECT_TYPES = frozenset(
    {STRING_SELECT, USER_SELECT, ROLE_SELECT, MENTIONABLE_SELECT, CHANNEL_SELECT}
)
LINK_STYLE = 5
PREMIUM_STYLE = 6

FLAG_EPHEMERAL = 1 << 6
FLAG_LOADING = 1 << 7
FLAG_SUPPRESS_NOTIFICATIONS = 1 << 12
FLAG_COMPONENTS_V2 = 1 << 15

MENTION_RE = re.compile(r"<@!?(\d+)>")


@dataclass(frozen=True)
class Button:
    custom_id: str | None
    label: str | None
    style: int
    disabled: bool
    url: str | None
    emoji: str | None
    id: int | None


@dataclass(frozen=True)
class SelectOption:
    label: str
    value: str
    description: str | None
    default: bool


@dataclass(frozen=True)
class Select:
    custom_id: str
    type: int
    options: tuple[SelectOption, ...]
    placeholder: str | None
    min_values: int
    max_values: int
    disabled: bool
    id: int | None

    @property
    def values(self) -> list[str]:
        return [o.value for o in self.options]

    @property
    def labels(self) -> list[str]:
        return [o.label for o in self.options]


@dataclass(frozen=True)
class TextInput:
    custom_id: str
    label: str | None
    style: int
    required: bool
    value: str | None
    min_length: int | None
    max_length: int | None
    id: int | None


def walk(components: Sequence[Mapping[str, Any]] | None) -> Iterator[Mapping[str, Any]]:
    """Every component, depth first, through rows, containers, sections and labels."""
    for component in components or ():
        yield component
        yield from walk(component.get("components"))
        for key in ("accessory", "component"):
            child = component.get(key)
            if isinstance(child, Mapping):
                yield from walk([child])


def _emoji_text(emoji: Any) -> str | None:
    if not isinstance(emoji, Mapping):
        return None
    name = emoji.get("name")
    return str(name) if name is not None else None


def parse_button(c: Mapping[str, Any]) -> Button:
    return Button(
        custom_id=c.get("custom_id"),
        label=c.get("label"),
        style=int(c.get("style", 1)),
        disabled=bool(c.get("disabled", False)),
        url=c.get("url"),
        emoji=_emoji_text(c.get("emoji")),
        id=c.get("id"),
    )


def parse_select(c: Mapping[str, Any]) -> Select:
    options = tuple(
        SelectOption(
            label=str(o.get("label", "")),
            value=str(o.get("value", "")),
            description=o.get("description"),
            default=bool(o.get("default", False)),
        )
        for o in c.get("options", []) or []
    )
    return Select(
        custom_id=str(c.get("custom_id", "")),
        type=int(c["type"]),
        options=options,
        placeholder=c.get("placeholder"),
        min_values=int(c.get("min_values", 1)),
        max_values=int(c.get("max_values", 1)),
        disabled=bool(c.get("disabled", False)),
        id=c.get("id"),
    )


def buttons(components: Sequence[Mapping[str, Any]] | None) -> list[Button]:
    return [parse_button(c) for c in walk(components) if c.get("type") == BUTTON]


def selects(components: Sequence[Mapping[str, Any]] | None) -> list[Select]:
    return [parse_select(c) for c in walk(components) if c.get("type") in SELECT_TYPES]


def text_inputs(components: Sequence[Mapping[str, Any]] | None) -> list[TextInput]:
    """Text inputs of a modal; a ``Label`` wrapper (type 18) lends its label to its input."""
    found: list[TextInput] = []

    def add(c: Mapping[str, Any], label: str | None) -> None:
        found.append(
            TextInput(
                custom_id=str(c.get("custom_id", "")),
                label=c.get("label", label),
                style=int(c.get("style", 1)),
                required=bool(c.get("required", True)),
                value=c.get("value"),
                min_length=c.get("min_length"),
                max_length=c.get("max_length"),
                id=c.get("id"),
            )
        )

    for c in walk(components):
        if c.get("type") == LABEL:
            inner = c.get("component") or {}
            if inner.get("type") == TEXT_INPUT:
                add(inner, c.get("label"))
        elif c.get("type") == TEXT_INPUT and not any(
            t.custom_id == c.get("custom_id") for t in found
        ):
            add(c, None)
    return found


def text_displays(components: Sequence[Mapping[str, Any]] | None) -> list[str]:
    return [str(c.get("content", "")) for c in walk(components) if c.get("type") == TEXT_DISPLAY]


def mentioned_ids(text: str) -> list[int]:
    seen: list[int] = []
    for match in MENTION_RE.finditer(text):
        uid = int(match.group(1))
        if uid not in seen:
            seen.append(uid)
    return seen


# --------------------------------------------------------------------------- validation
#
# The limits below are Discord's, as documented on the components reference
# (https://discord.com/developers/docs/components/reference, mirrored at
# https://docs.discord.food/resources/components: "Once a message has been sent with this flag, it
# can't be removed"; content, embeds, poll and stickers are disabled; "up to 40 total components";
# "the combined length of all text across all components cannot exceed 4000 characters"; a File
# "only supports attachment:// references"; a Section holds one to three text displays and a
# Thumbnail or Button accessory; a Container holds rows, text displays, sections, galleries,
# separators and files) and as discord.py 2.7.1 enforces them client-side (ui/view.py: 40
# children and ``content_length`` over TextDisplay items ≤ 4000; ui/section.py: 3 children;
# ui/media_gallery.py: up to 10 items). Error codes are the ones Discord answers in
# ``errors`` (e.g. ``COMPONENT_CUSTOM_ID_DUPLICATED``, ``UNION_TYPE_CHOICES``, as quoted in
# discord/discord-api-docs#3673 and discord-net/Discord.Net#3132).

MAX_V2_COMPONENTS = 40
MAX_V2_TEXT = 4000
V2_TOP_LEVEL = frozenset(
    {ACTION_ROW, SECTION, TEXT_DISPLAY, MEDIA_GALLERY, FILE, SEPARATOR, CONTAINER}
)
IN_CONTAINER = frozenset({ACTION_ROW, SECTION, TEXT_DISPLAY, MEDIA_GALLERY, FILE, SEPARATOR})
SECTION_ACCESSORIES = frozenset({THUMBNAIL, BUTTON})
ATTACHMENT_SCHEME = "attachment://"


class Problems:
    """Collects form errors; :attr:`errors` nests them by path as Discord's ``errors`` object does.

    A path is dotted (``components.0.components.1.custom_id``); discord.py flattens the nested
    object back into ``In components.0.components.1.custom_id: …`` in ``HTTPException.text``.
    """

    def __init__(self) -> None:
        self.items: list[str] = []
        self.errors: JSON = {}

    def add(self, path: str, message: str, code: str = "BASE_TYPE_INVALID") -> None:
        self.items.append(f"{path}: {message}" if path else message)
        node = self.errors
        for part in path.split(".") if path else ["_"]:
            node = node.setdefault(part, {})
        node.setdefault("_errors", []).append({"code": code, "message": message})

    def __bool__(self) -> bool:
        return bool(self.items)


def _check_len(problems: Problems, path: str, value: Any, maximum: int, minimum: int = 0) -> None:
    if value is None:
        return
    if not isinstance(value, str):
        problems.add(path, f"must be a string, got {type(value).__name__}", "BASE_TYPE_STRING")
        return
    if len(value) > maximum:
        problems.add(
            path, f"Must be {maximum} or fewer in length (got {len(value)})", "BASE_TYPE_MAX_LENGTH"
        )
    if len(value) < minimum:
        problems.add(path, f"Must be {minimum} or more in length", "BASE_TYPE_MIN_LENGTH")


def _check_count(
    problems: Problems, path: str, items: Sequence[Any], low: int, high: int, what: str
) -> None:
    if not low <= len(items) <= high:
        problems.add(
            path,
            f"Must be between {low} and {high} {what} in length (got {len(items)})",
            "BASE_TYPE_BAD_LENGTH",
        )


def _validate_button(problems: Problems, path: str, c: Mapping[str, Any]) -> None:
    style = c.get("style")
    if style not in (1, 2, 3, 4, 5, 6):
        problems.add(path + ".style", f"invalid button style {style!r}", "BASE_TYPE_CHOICES")
    _check_len(problems, path + ".label", c.get("label"), 80)
    if style == LINK_STYLE:
        if not c.get("url"):
            problems.add(path + ".url", "link buttons need a url", "BASE_TYPE_REQUIRED")
        if c.get("custom_id"):
            problems.add(path + ".custom_id", "link buttons cannot have a custom_id")
    elif style != PREMIUM_STYLE:
        if not c.get("custom_id"):
            problems.add(path + ".custom_id", "This field is required", "BASE_TYPE_REQUIRED")
        _check_len(problems, path + ".custom_id", c.get("custom_id"), 100, 1)


def _validate_select(problems: Problems, path: str, c: Mapping[str, Any]) -> None:
    _check_len(problems, path + ".custom_id", c.get("custom_id"), 100, 1)
    _check_len(problems, path + ".placeholder", c.get("placeholder"), 150)
    min_values = int(c.get("min_values", 1))
    max_values = int(c.get("max_values", 1))
    if not 0 <= min_values <= 25:
        problems.add(path + ".min_values", "must be between 0 and 25")
    if not 1 <= max_values <= 25:
        problems.add(path + ".max_values", "must be between 1 and 25")
    if min_values > max_values:
        problems.add(path + ".min_values", "must be less than or equal to max_values")
    if c.get("type") == STRING_SELECT:
        options = c.get("options") or []
        _check_count(problems, path + ".options", options, 1, 25, "options")
        if max_values > len(options):
            problems.add(
                path + ".max_values", "must be less than or equal to the number of options"
            )
        seen: set[str] = set()
        for j, o in enumerate(options):
            opath = f"{path}.options.{j}"
            _check_len(problems, opath + ".label", o.get("label"), 100, 1)
            _check_len(problems, opath + ".value", o.get("value"), 100, 1)
            _check_len(problems, opath + ".description", o.get("description"), 100)
            value = str(o.get("value"))
            if value in seen:
                problems.add(
                    opath + ".value",
                    f"duplicate option value {value!r}",
                    "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED",
                )
            seen.add(value)


def _validate_row(problems: Problems, path: str, row: Mapping[str, Any]) -> None:
    """An action row: one to five buttons, or exactly one select, nothing else."""
    children = row.get("components") or []
    kinds = [child.get("type") for child in children]
    if not children:
        problems.add(path + ".components", "an action row cannot be empty", "BASE_TYPE_BAD_LENGTH")
    elif any(k in SELECT_TYPES for k in kinds) and len(children) != 1:
        problems.add(
            path + ".components",
            "a select must be alone in its action row",
            "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
        )
    elif len(children) > 5:
        problems.add(
            path + ".components",
            f"Must be 5 or fewer in length (got {len(children)})",
            "BASE_TYPE_MAX_LENGTH",
        )
    for j, child in enumerate(children):
        if child.get("type") not in SELECT_TYPES | {BUTTON}:
            problems.add(
                f"{path}.components.{j}.type",
                f'Value of field "type" must be one of {(BUTTON, *sorted(SELECT_TYPES))}',
                "UNION_TYPE_CHOICES",
            )


def _validate_media(
    problems: Problems,
    path: str,
    media: Any,
    attachment_names: Collection[str] | None,
    *,
    attachment_only: bool = False,
) -> None:
    """An unfurled media item: an http(s) url, or ``attachment://name`` of an attachment the
    message really carries (uploaded with this request, or kept by this edit)."""
    url = media.get("url") if isinstance(media, Mapping) else None
    if not isinstance(url, str) or not url:
        problems.add(path + ".url", "This field is required", "BASE_TYPE_REQUIRED")
        return
    if url.startswith(ATTACHMENT_SCHEME):
        name = url[len(ATTACHMENT_SCHEME) :]
        if attachment_names is not None and name not in attachment_names:
            problems.add(
                path + ".url",
                f"attachment {name!r} is not an attachment of this message",
                "UNFURLED_MEDIA_ITEM_ATTACHMENT_NOT_FOUND",
            )
    elif attachment_only:
        problems.add(
            path + ".url", "only attachment:// references are supported", "BASE_TYPE_INVALID_URL"
        )
    elif not url.startswith(("http://", "https://")):
        problems.add(
            path + ".url", f"Scheme of {url!r} is not supported", "URL_TYPE_INVALID_SCHEME"
        )


def _validate_v2_node(
    problems: Problems,
    path: str,
    c: Mapping[str, Any],
    allowed: frozenset[int],
    attachment_names: Collection[str] | None,
) -> None:
    kind = c.get("type")
    if kind not in allowed:
        problems.add(
            path + ".type",
            f'Value of field "type" must be one of {tuple(sorted(allowed))}',
            "UNION_TYPE_CHOICES",
        )
        return
    children = c.get("components") or []
    if kind == ACTION_ROW:
        _validate_row(problems, path, c)
    elif kind == CONTAINER:
        _check_count(problems, path + ".components", children, 1, MAX_V2_COMPONENTS, "components")
        for j, child in enumerate(children):
            _validate_v2_node(
                problems, f"{path}.components.{j}", child, IN_CONTAINER, attachment_names
            )
    elif kind == SECTION:
        _check_count(problems, path + ".components", children, 1, 3, "components")
        for j, child in enumerate(children):
            _validate_v2_node(
                problems,
                f"{path}.components.{j}",
                child,
                frozenset({TEXT_DISPLAY}),
                attachment_names,
            )
        accessory = c.get("accessory")
        if not isinstance(accessory, Mapping):
            problems.add(path + ".accessory", "This field is required", "BASE_TYPE_REQUIRED")
        else:
            _validate_v2_node(
                problems, path + ".accessory", accessory, SECTION_ACCESSORIES, attachment_names
            )
    elif kind == THUMBNAIL:
        _validate_media(problems, path + ".media", c.get("media"), attachment_names)
        _check_len(problems, path + ".description", c.get("description"), 1024)
    elif kind == MEDIA_GALLERY:
        items = c.get("items") or []
        _check_count(problems, path + ".items", items, 1, 10, "items")
        for j, item in enumerate(items):
            _validate_media(
                problems, f"{path}.items.{j}.media", item.get("media"), attachment_names
            )
            _check_len(problems, f"{path}.items.{j}.description", item.get("description"), 1024)
    elif kind == FILE:
        _validate_media(
            problems, path + ".file", c.get("file"), attachment_names, attachment_only=True
        )
    elif kind == SEPARATOR and c.get("spacing", 1) not in (1, 2):
        problems.add(path + ".spacing", "Value must be one of (1, 2)", "BASE_TYPE_CHOICES")
    elif kind == TEXT_DISPLAY:
        _check_len(problems, path + ".content", c.get("content"), MAX_V2_TEXT, 1)


def validate_components(
    problems: Problems,
    components: Sequence[Mapping[str, Any]] | None,
    *,
    v2: bool,
    attachment_names: Collection[str] | None = None,
) -> None:
    """Layout first (what may hold what), then the per-item limits over every nested item."""
    components = list(components or [])
    if v2:
        for i, c in enumerate(components):
            _validate_v2_node(problems, f"components.{i}", c, V2_TOP_LEVEL, attachment_names)
        total = sum(1 for _ in walk(components))
        if total > MAX_V2_COMPONENTS:
            problems.add(
                "components",
                f"a message may hold at most {MAX_V2_COMPONENTS} components, nested ones "
                f"included (got {total})",
                "MESSAGE_COMPONENTS_TOO_MANY",
            )
        text = sum(len(t) for t in text_displays(components))
        if text > MAX_V2_TEXT:
            problems.add(
                "components",
                f"text displays may hold at most {MAX_V2_TEXT} characters in total (got {text})",
                "MESSAGE_COMPONENTS_TEXT_TOO_LONG",
            )
    else:
        if len(components) > 5:
            problems.add(
                "components",
                f"Must be 5 or fewer in length (got {len(components)})",
                "BASE_TYPE_MAX_LENGTH",
            )
        for i, row in enumerate(components):
            if row.get("type") != ACTION_ROW:
                problems.add(
                    f"components.{i}.type",
                    f'Value of field "type" must be one of ({ACTION_ROW},); other layouts '
                    "need the IS_COMPONENTS_V2 flag",
                    "UNION_TYPE_CHOICES",
                )
            else:
                _validate_row(problems, f"components.{i}", row)

    custom_ids: set[str] = set()
    for path, c in _walk_paths(components, "components"):
        kind = c.get("type")
        if kind == BUTTON:
            _validate_button(problems, path, c)
        elif kind in SELECT_TYPES:
            _validate_select(problems, path, c)
        custom_id = c.get("custom_id")
        if custom_id is not None:
            if custom_id in custom_ids:
                problems.add(
                    path + ".custom_id",
                    "Component custom id was already specified",
                    "COMPONENT_CUSTOM_ID_DUPLICATED",
                )
            custom_ids.add(custom_id)


def _walk_paths(
    components: Sequence[Mapping[str, Any]] | None, prefix: str
) -> Iterator[tuple[str, Mapping[str, Any]]]:
    """Like :func:`walk`, with the dotted path of each component."""
    for i, component in enumerate(components or ()):
        path = f"{prefix}.{i}"
        yield path, component
        yield from _walk_paths(component.get("components"), path + ".components")
        for key in ("accessory", "component"):
            child = component.get(key)
            if isinstance(child, Mapping):
                yield path + "." + key, child
                yield from _walk_paths(child.get("components"), f"{path}.{key}.components")


def validate_embeds(problems: Problems, embeds: Sequence[Mapping[str, Any]] | None) -> None:
    embeds = list(embeds or [])
    if len(embeds) > 10:
        problems.add("embeds", "Must be 10 or fewer in length", "BASE_TYPE_MAX_LENGTH")
    total = 0
    for i, embed in enumerate(embeds):
        path = f"embeds.{i}"
        _check_len(problems, path + ".title", embed.get("title"), 256)
        _check_len(problems, path + ".description", embed.get("description"), 4096)
        fields = embed.get("fields") or []
        if len(fields) > 25:
            problems.add(path + ".fields", "Must be 25 or fewer in length", "BASE_TYPE_MAX_LENGTH")
        for j, f in enumerate(fields):
            _check_len(problems, f"{path}.fields.{j}.name", f.get("name"), 256, 1)
            _check_len(problems, f"{path}.fields.{j}.value", f.get("value"), 1024, 1)
        footer = embed.get("footer") or {}
        _check_len(problems, path + ".footer.text", footer.get("text"), 2048)
        total += sum(
            len(str(x or ""))
            for x in (embed.get("title"), embed.get("description"), footer.get("text"))
        )
        total += sum(len(str(f.get("name", ""))) + len(str(f.get("value", ""))) for f in fields)
    if total > 6000:
        problems.add("embeds", "Embed size exceeds maximum size of 6000", "MAX_EMBED_SIZE_EXCEEDED")


def validate_allowed_mentions(problems: Problems, allowed: Any) -> None:
    """``parse: ["users"]`` and an explicit ``users`` list exclude each other; ≤ 100 ids."""
    if not isinstance(allowed, Mapping):
        return
    parse = allowed.get("parse") or []
    for kind in ("users", "roles"):
        explicit = allowed.get(kind) or []
        if kind in parse and explicit:
            problems.add(
                f"allowed_mentions.{kind}",
                f'parse:["{kind}"] and {kind}: [ids] are mutually exclusive.',
                "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE",
            )
        if len(explicit) > 100:
            problems.add(
                f"allowed_mentions.{kind}", "Must be 100 or fewer in length", "BASE_TYPE_MAX_LENGTH"
            )


NONCE_MAX = 25
"""A message nonce's longest length (an integer or a string)."""


def validate_message(
    payload: Mapping[str, Any],
    *,
    n_files: int,
    creating: bool,
    previous_flags: int = 0,
    previous_content: bool = False,
    attachment_names: Collection[str] | None = None,
) -> Problems:
    """Check a message create/edit payload the way Discord does.

    An edit is judged against the message it changes: a message flagged components v2 stays v2
    (the flag cannot be removed, and an edit without ``flags`` is still v2), and upgrading a
    message to v2 needs its old content cleared in the same edit. ``attachment_names`` are the
    filenames the message will carry after the request (None: media references not checked).
    """
    problems = Problems()
    sent_flags = payload.get("flags")
    flags = int(sent_flags or 0)
    was_v2 = bool(previous_flags & FLAG_COMPONENTS_V2)
    if was_v2 and sent_flags is not None and not flags & FLAG_COMPONENTS_V2:
        problems.add(
            "flags",
            "The IS_COMPONENTS_V2 flag cannot be removed from a message once set",
            "MESSAGE_CANNOT_REMOVE_COMPONENTS_V2_FLAG",
        )
    v2 = bool(flags & FLAG_COMPONENTS_V2) or was_v2
    content = payload.get("content")
    _check_len(problems, "content", content, 2000)
    if v2:
        legacy = [k for k in ("content", "embeds", "sticker_ids", "poll") if payload.get(k)]
        if not was_v2 and previous_content and "content" not in legacy and "content" not in payload:
            legacy.append("content")
        for key in legacy:
            problems.add(
                key,
                "cannot be used with the IS_COMPONENTS_V2 flag",
                "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
            )
    validate_embeds(problems, payload.get("embeds"))
    if "components" in payload or creating:
        validate_components(
            problems, payload.get("components"), v2=v2, attachment_names=attachment_names
        )
    validate_allowed_mentions(problems, payload.get("allowed_mentions"))
    if creating and payload.get("nonce") is not None:
        _check_len(problems, "nonce", str(payload["nonce"]), NONCE_MAX)
    attachments = payload.get("attachments")
    if n_files > 10 or (attachments is not None and len(attachments) > 10):
        problems.add("attachments", "Must be 10 or fewer in length", "BASE_TYPE_MAX_LENGTH")
    if creating:
        keys = ("components",) if v2 else ("content", "embeds", "components", "sticker_ids", "poll")
        has_body = any(payload.get(key) for key in keys)
        if not has_body and n_files == 0 and not attachments:
            problems.add("", "Cannot send an empty message")
    return problems


def validate_modal(data: Mapping[str, Any]) -> Problems:
    problems = Problems()
    _check_len(problems, "data.title", data.get("title"), 45, 1)
    _check_len(problems, "data.custom_id", data.get("custom_id"), 100, 1)
    components = data.get("components") or []
    if not 1 <= len(components) <= 5:
        problems.add(
            "data.components", f"must have between 1 and 5 components (got {len(components)})"
        )
    for c in walk(components):
        if c.get("type") == TEXT_INPUT:
            _check_len(problems, "data.components.custom_id", c.get("custom_id"), 100, 1)
            _check_len(problems, "data.components.label", c.get("label"), 45)
            _check_len(problems, "data.components.value", c.get("value"), 4000)
        if c.get("type") == LABEL:
            _check_len(problems, "data.components.label", c.get("label"), 45, 1)
    return problems


def validate_choices(data: Mapping[str, Any]) -> Problems:
    problems = Problems()
    choices = data.get("choices") or []
    if len(choices) > 25:
        problems.add("data.choices", f"must be 25 or fewer in length (got {len(choices)})")
    for i, choice in enumerate(choices):
        _check_len(problems, f"data.choices.{i}.name", choice.get("name"), 100, 1)
        value = choice.get("value")
        if isinstance(value, str):
            _check_len(problems, f"data.choices.{i}.value", value, 100)
    return problems


LOCALES = frozenset((
    "ar", "bg", "cs", "da", "de", "el", "en-GB", "en-US", "es-419", "es-ES", "fi", "fr", "he",
    "hi", "hr", "hu", "id", "it", "ja", "ko", "lt", "nl", "no", "pl", "pt-BR", "ro", "ru",
    "sv-SE", "th", "tr", "uk", "vi", "zh-CN", "zh-TW"))
"""Discord's locales (``AvailableLocalesEnum`` in its OpenAPI description)."""

COMMAND_NAME = re.compile(r"^[-_'\w]{1,32}$")
"""Discord's rule for command and option names (``^[-_'\\p{L}\\p{N}…]{1,32}$``), lowercase;
``\\w`` in Python is letters, digits and ``_``, the same set for the scripts used here."""


def _check_command_name(problems: Problems, path: str, name: Any) -> None:
    if not isinstance(name, str) or not COMMAND_NAME.match(name) or name != name.lower():
        problems.add(path, f"Command name is invalid: {name!r}", "APPLICATION_COMMAND_INVALID_NAME")


def _check_localizations(problems: Problems, path: str, localized: Any, maximum: int,
                         names: bool) -> None:
    if localized is None:
        return
    if not isinstance(localized, Mapping):
        problems.add(path, "must be an object", "DICT_TYPE_CONVERT")
        return
    for locale, text in localized.items():
        if locale not in LOCALES:
            problems.add(f"{path}.{locale}", "Invalid locale", "LOCALE_INVALID")
        _check_len(problems, f"{path}.{locale}", text, maximum, 1)
        if names:
            _check_command_name(problems, f"{path}.{locale}", text)


def validate_command(data: Mapping[str, Any], path: str = "") -> Problems:
    """A command (or option) in a sync: names by Discord's rule in every locale, descriptions
    and choices within their lengths, localizations only for Discord's locales."""
    problems = Problems()
    at = f"{path}." if path else ""
    _check_command_name(problems, f"{at}name", data.get("name"))
    _check_localizations(problems, f"{at}name_localizations", data.get("name_localizations"),
                         32, names=True)
    _check_len(problems, f"{at}description", data.get("description"), 100)
    _check_localizations(problems, f"{at}description_localizations",
                         data.get("description_localizations"), 100, names=False)
    for i, choice in enumerate(data.get("choices") or []):
        _check_len(problems, f"{at}choices.{i}.name", choice.get("name"), 100, 1)
        _check_localizations(problems, f"{at}choices.{i}.name_localizations",
                             choice.get("name_localizations"), 100, names=False)
    seen: set[tuple[str, str]] = set()
    for i, option in enumerate(data.get("options") or []):
        inner = validate_command(option, f"{at}options.{i}")
        problems.items.extend(inner.items)
        for locale, name in (option.get("name_localizations") or {}).items():
            if (locale, name) in seen:
                problems.add(f"{at}options.{i}", f"two options named {name!r} in {locale}",
                             "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS")
            seen.add((locale, name))
    return problems
