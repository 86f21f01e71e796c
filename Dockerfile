# Production image: one process serves the api and the built pwa (docs/ARCHITECTURE.md, P14).
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY domain/package.json domain/
COPY content/package.json content/
COPY api/package.json api/
COPY pwa/package.json pwa/
COPY service-worker/package.json service-worker/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production PORT=3000
# No system package: certificates take their fonts from the api's npm dependencies (decision 080).
WORKDIR /app
COPY package.json package-lock.json ./
COPY domain/package.json domain/
COPY content/package.json content/
COPY api/package.json api/
COPY pwa/package.json pwa/
COPY service-worker/package.json service-worker/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --omit=dev --no-audit --no-fund --workspace api --include-workspace-root=false && npm cache clean --force
COPY --from=build /app/domain/dist domain/dist
COPY --from=build /app/content/dist content/dist
COPY --from=build /app/content/courses content/courses
COPY --from=build /app/content/prompts content/prompts
COPY --from=build /app/content/legal content/legal
COPY --from=build /app/content/images content/images
COPY --from=build /app/content/faq.md content/faq.md
COPY --from=build /app/api/dist api/dist
COPY --from=build /app/api/assets api/assets
COPY --from=build /app/api/drizzle api/drizzle
COPY --from=build /app/pwa/dist pwa/dist
COPY --from=build /app/pwa/dist-ssr pwa/dist-ssr
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s CMD node -e "fetch('http://127.0.0.1:3000/api/health').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["node", "api/dist/server.js"]
