# syntax=docker/dockerfile:1
# wordle-bot in a container: the bot installed from uv.lock into /app/.venv, run as a user
# without a home (uid 10001). deploy/kubernetes/wordle-bot.yaml runs this image.
#
#   docker build -t wordle-bot .
#   docker run --rm wordle-bot salt                      a new DAILY_SALT
#   docker run -d --env-file .env -v wordle-data:/data -v wordle-cache:/cache \
#       --read-only wordle-bot                           the bot (SQLite in /data)
#   docker run --rm -it -v wordle-data:/data wordle-bot play
#
# The bot writes only to /data (a SQLite database and its daily-salt, when DATABASE_URL is
# not PostgreSQL) and /cache (the solver's cache): with those two as volumes the rest of the
# file system can be read-only. Exit status 78 is a wrong setting (`wordle-bot --help`), which
# starting again cannot mend.

ARG PYTHON_IMAGE=python:3.12-slim-bookworm

FROM ${PYTHON_IMAGE} AS build
COPY --from=ghcr.io/astral-sh/uv:0.13.9 /uv /usr/local/bin/uv
# The image's own Python; the code compiled now, since the running container cannot write.
ENV UV_PYTHON_DOWNLOADS=never \
    UV_COMPILE_BYTECODE=1 \
    UV_LINK_MODE=copy
WORKDIR /app
# The dependencies first, in a layer of their own that only a change of uv.lock rebuilds.
COPY pyproject.toml uv.lock ./
RUN --mount=type=cache,target=/root/.cache/uv \
    uv sync --locked --no-dev --no-install-project
# Then the bot itself, installed as a package (word lists and strategies included), so the
# final image needs /app/.venv alone.
COPY . .
RUN --mount=type=cache,target=/root/.cache/uv \
    uv sync --locked --no-dev --no-editable

FROM ${PYTHON_IMAGE}
RUN groupadd --system --gid 10001 wordle-bot \
    && useradd --system --uid 10001 --gid 10001 --no-create-home --home-dir /nonexistent \
        --shell /usr/sbin/nologin wordle-bot \
    && mkdir /data /cache \
    && chown wordle-bot:wordle-bot /data /cache
COPY --from=build /app/.venv /app/.venv
WORKDIR /app
ENV PATH=/app/.venv/bin:$PATH \
    PYTHONUNBUFFERED=1 \
    PYTHONDONTWRITEBYTECODE=1 \
    WORDLE_DB=/data/wordle-bot.sqlite3 \
    WORDLE_BOT_CACHE_DIR=/cache
USER 10001:10001
ENTRYPOINT ["/app/.venv/bin/wordle-bot"]
CMD ["run"]
